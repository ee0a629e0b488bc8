import { emptyDocument, type EditorDocument, type EditorKind } from 'shared-sdk/contract';
import type { EditorDraft, EditorManuscript } from '../api/editor-calls';

/** A stored draft as the writing screen edits it. */
export function documentOfDraft(draft: EditorDraft): EditorDocument {
  const fields = draft.nd_editor;
  return {
    type: draft.nd_type as EditorKind,
    title: draft.nd_title,
    content: draft.nd_content,
    summary: fields.summary,
    cover_mode: fields.cover_mode,
    covers: draft.nd_cover_url,
    original: fields.original,
    video: fields.video,
    images: fields.images,
    cover_index: fields.cover_index,
    item_ids: fields.item_ids,
  };
}

export function documentOfManuscript(manuscript: EditorManuscript): EditorDocument {
  const fields = manuscript.nm_editor;
  return {
    type: manuscript.nm_type as EditorKind,
    title: manuscript.nm_title,
    content: manuscript.nm_content,
    summary: fields.summary,
    cover_mode: fields.cover_mode,
    covers: manuscript.nm_cover_url,
    original: fields.original,
    video: fields.video,
    images: fields.images,
    cover_index: fields.cover_index,
    item_ids: fields.item_ids,
  };
}

/** Nothing written yet: no reason to offer a local copy back. */
export function isBlank(doc: EditorDocument): boolean {
  const empty = emptyDocument(doc.type);
  const text = doc.content
    .replace(/<p><br><\/p>/g, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  return (
    !doc.title.trim() &&
    !text &&
    !/<(img|video|audio)\b/.test(doc.content) &&
    doc.images.length === 0 &&
    doc.covers.length === 0 &&
    !doc.video.url &&
    doc.item_ids.length === 0 &&
    doc.summary === empty.summary
  );
}

/** Plain text (post, descriptions) as the stored HTML: one paragraph per line, escaped. */
export function textToHtml(text: string): string {
  if (!text) return '';
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split('\n')
    .map((line) => (line ? `<p>${escape(line)}</p>` : '<p><br></p>'))
    .join('');
}

/** The reverse of textToHtml, for reopening a post or a description. */
export function htmlToPlainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs = [...doc.body.querySelectorAll('p')];
  if (paragraphs.length === 0) return doc.body.textContent ?? '';
  return paragraphs.map((p) => p.textContent ?? '').join('\n');
}
