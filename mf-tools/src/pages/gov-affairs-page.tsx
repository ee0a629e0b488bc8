import { ComingSoon } from 'shared-sdk';

export function GovAffairsPage() {
  return <ComingSoon title="政务" />;
}
