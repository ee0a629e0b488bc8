import { useSearchParams } from 'shared-sdk/router';
import { EditorKind } from 'shared-sdk/contract';
import { CollectionForm } from '../features/collection/components/collection-form';
import { WritingScreen } from '../features/draft/components/writing-screen';
import { VideoForm } from '../features/video/components/video-form';

/** With ?isPack=1 this screen is the collection editor (docs/product.md §2). */
export function VideoWritePage() {
  const [search] = useSearchParams();
  return search.get('isPack') === '1' ? (
    <WritingScreen kind={EditorKind.COLLECTION} heading="发合集" Form={CollectionForm} />
  ) : (
    <WritingScreen kind={EditorKind.VIDEO} heading="发视频" Form={VideoForm} />
  );
}
