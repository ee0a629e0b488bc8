import { ComingSoon } from 'shared-sdk';

export function JobAddPage() {
  return <ComingSoon title="发布职位" />;
}
