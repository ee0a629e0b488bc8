import { ComingSoon } from 'shared-sdk';

export function EpisodePage() {
  return <ComingSoon title="剧集" />;
}
