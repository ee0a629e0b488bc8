import { editorHref } from 'shared-sdk/contract';

/** Editors open in a new tab (docs/product.md §2); returns false for a content type without an editor. */
export function openEditor(type: number, target: { draftId: number } | { manuscriptId: number }): boolean {
  const href = editorHref(type, target);
  if (!href) return false;
  window.open(href, '_blank', 'noopener');
  return true;
}
