import { EditorKind } from 'shared-sdk/contract';
import { ArticleForm } from '../features/article/components/article-form';
import { WritingScreen } from '../features/draft/components/writing-screen';

export function ScriptWritePage() {
  return <WritingScreen kind={EditorKind.ARTICLE} heading="写文章" Form={ArticleForm} />;
}
