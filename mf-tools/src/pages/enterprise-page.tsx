import { ComingSoon } from 'shared-sdk';

export function EnterprisePage() {
  return <ComingSoon title="企业" />;
}
