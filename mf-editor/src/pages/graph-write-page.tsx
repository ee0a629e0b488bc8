import { EditorKind } from 'shared-sdk/contract';
import { WritingScreen } from '../features/draft/components/writing-screen';
import { GalleryForm } from '../features/gallery/components/gallery-form';

export function GraphWritePage() {
  return <WritingScreen kind={EditorKind.GALLERY} heading="发图集" Form={GalleryForm} />;
}
