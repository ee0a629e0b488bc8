import { EditorKind } from 'shared-sdk/contract';
import { WritingScreen } from '../features/draft/components/writing-screen';
import { PostForm } from '../features/post/components/post-form';

export function PostPage() {
  return <WritingScreen kind={EditorKind.POST} heading="发帖子" Form={PostForm} />;
}
