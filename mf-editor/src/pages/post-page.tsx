import { ComingSoon } from 'shared-sdk';

export function PostPage() {
  return <ComingSoon title="发帖子" />;
}
