import { CoverMode, EditorKind, type EditorDocument, type UseMaterialAnswer } from 'shared-sdk/contract';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** ?materialId=: the material goes where the screen uses it (docs/product.md §2). */
export function prefillFromMaterial(doc: EditorDocument, material: UseMaterialAnswer): EditorDocument {
  if (material.insert === 'video') {
    if (doc.type === EditorKind.VIDEO)
      return { ...doc, video: { url: material.cm_url, poster: material.cm_icon_url, vid: '' }, covers: material.cm_icon_url ? [material.cm_icon_url] : [] };
    return {
      ...doc,
      content: `<video src="${attr(material.cm_url)}"${material.cm_icon_url ? ` poster="${attr(material.cm_icon_url)}"` : ''} controls=""></video><p><br></p>`,
    };
  }
  switch (doc.type) {
    case EditorKind.ARTICLE:
      return { ...doc, content: `<p><img src="${attr(material.cm_url)}"></p>`, cover_mode: CoverMode.SINGLE, covers: [material.cm_url] };
    case EditorKind.GALLERY:
    case EditorKind.POST:
      return { ...doc, images: [{ url: material.cm_url, caption: '' }] };
    default:
      return { ...doc, covers: [material.cm_url] };
  }
}
