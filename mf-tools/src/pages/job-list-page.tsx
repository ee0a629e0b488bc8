import { ComingSoon } from 'shared-sdk';

export function JobListPage() {
  return <ComingSoon title="招聘管理" />;
}
