import { ComingSoon } from 'shared-sdk';

export function HelpCenterPage() {
  return <ComingSoon title="帮助中心" />;
}
