import { ComingSoon } from 'shared-sdk';

export function RankPage() {
  return <ComingSoon title="排行榜" />;
}
