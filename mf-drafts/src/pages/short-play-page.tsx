import { ComingSoon } from 'shared-sdk';

export function ShortPlayPage() {
  return <ComingSoon title="短剧" />;
}
