import { ComingSoon } from 'shared-sdk';

export function GraphWritePage() {
  return <ComingSoon title="发图集" />;
}
