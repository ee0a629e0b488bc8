import { ComingSoon } from 'shared-sdk';

export function ShortPlayDetailPage() {
  return <ComingSoon title="短剧详情" />;
}
