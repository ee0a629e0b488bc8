import { ComingSoon } from 'shared-sdk';

export function ScriptWritePage() {
  return <ComingSoon title="写文章" />;
}
