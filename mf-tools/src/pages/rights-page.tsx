import { ComingSoon } from 'shared-sdk';

export function RightsPage() {
  return <ComingSoon title="权益中心" />;
}
