/**
 * The EditorDocument of shared-sdk/contract on the wire and in rows: parsing the form fields of
 * `POST /api/article/add` (JSON text and comma lists, refused with 1002 when malformed), the
 * columns a document is stored in, and a row read back as a document.
 */
import { ApiCode, type ArticleAddRequest, type CoverMode, type EditorDocument, type EditorKind, type GalleryImage, EDITOR_LIMITS } from 'shared-sdk/contract';
import type { DraftRow, ManuscriptRow } from '../../db/content-tables';
import { ApiError } from '../../lib/api-error';
import { sanitizeEditorHtml } from '../../lib/html-sanitizer';

/** The document's form fields of `POST /api/article/add`, as its schema types them, each present (its default when the form left it out). */
export type DocumentFields = Required<Omit<ArticleAddRequest, 'save_type' | 'draft_id' | 'base_version' | 'manuscript_id' | 'publish_time'>>;

/**
 * Control characters (NUL first: PostgreSQL text refuses it) and lone surrogates (jsonb refuses
 * their escapes) never reach a row.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (value: string): string =>
  value.replace(CONTROL_CHARACTERS, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const bad = (field: string): ApiError => new ApiError(ApiCode.INVALID_PARAMS, `参数错误：${field} 格式不正确`);

function parseJson(text: string, field: string): unknown {
  if (!text.trim()) return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad(field);
  }
}

function parseCovers(text: string): string[] {
  const value = parseJson(text, 'covers');
  if (!Array.isArray(value) || value.length > 3 || !value.every((url): url is string => typeof url === 'string')) throw bad('covers');
  return value.map((url) => clean(url).trim());
}

function parseImages(text: string): GalleryImage[] {
  const value = parseJson(text, 'images');
  if (!Array.isArray(value) || value.length > EDITOR_LIMITS.GALLERY_MAX) throw bad('images');
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw bad('images');
    const { url, caption = '' } = item as { url?: unknown; caption?: unknown };
    if (typeof url !== 'string' || typeof caption !== 'string') throw bad('images');
    return { url: clean(url).trim(), caption: clean(caption) };
  });
}

function parseItemIds(text: string): number[] {
  if (!text.trim()) return [];
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > EDITOR_LIMITS.COLLECTION_MAX * 2 || !parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) throw bad('item_ids');
  const ids = parts.map(Number);
  if (ids.some((id) => id > 2_147_483_647)) throw bad('item_ids');
  return ids;
}

/** The fields as a document, its HTML already through the allow-list (so limits count what is kept). */
export function documentFromFields(fields: DocumentFields): EditorDocument {
  // Form values pass the schema's coercion as numbers, but not always finite ones ("Infinity").
  if (!Number.isInteger(fields.cover_index) || fields.cover_index < 0 || fields.cover_index > 1_000) throw bad('cover_index');
  // Galleries take their cover from their images and posts have neither title nor covers. Only a
  // video piece has a video and only a collection has items: what another kind sends for them is
  // dropped, not stored unchecked (its rules only run for the kind that uses them).
  const ownCovers = fields.type !== 3 && fields.type !== 5;
  // Parsed for every kind, so a malformed list is refused whatever the kind.
  const itemIds = parseItemIds(fields.item_ids);
  const video =
    fields.type === 2
      ? { url: clean(fields.video_url).trim(), poster: clean(fields.video_poster).trim(), vid: clean(fields.video_vid).trim() }
      : { url: '', poster: '', vid: '' };
  return {
    type: fields.type,
    title: fields.type === 5 ? '' : clean(fields.title).trim(),
    content: sanitizeEditorHtml(fields.content),
    summary: clean(fields.summary).trim(),
    cover_mode: fields.cover_mode,
    covers: ownCovers ? parseCovers(fields.covers) : [],
    original: fields.original === 1,
    video,
    images: parseImages(fields.images),
    cover_index: fields.cover_index,
    item_ids: fields.type === 4 ? itemIds : [],
  };
}

/** The list's cover images: the chosen covers, or for a gallery its cover image first. */
function listCovers(doc: EditorDocument): string[] {
  if (doc.type === 3 && doc.covers.length === 0) {
    const cover = doc.images[doc.cover_index] ?? doc.images[0];
    return cover ? [cover.url] : [];
  }
  if (doc.type === 5 && doc.covers.length === 0) return doc.images.slice(0, 3).map((image) => image.url);
  return doc.covers;
}

/** A post has no title: the list shows its first words. */
function listTitle(doc: EditorDocument, text: string): string {
  if (doc.type !== 5) return doc.title;
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, 30).join('');
}

/** The columns of drafts and manuscripts a document is stored in. */
export function documentColumns(doc: EditorDocument, text: string) {
  return {
    type: doc.type,
    title: listTitle(doc, text),
    body: doc.content,
    summary: doc.summary,
    cover_mode: doc.cover_mode,
    cover_urls: JSON.stringify(listCovers(doc)),
    original: doc.original,
    video_url: doc.video.url,
    video_poster: doc.video.poster,
    video_vid: doc.video.vid,
    images: JSON.stringify(doc.images),
    cover_index: doc.cover_index,
    item_ids: JSON.stringify(doc.item_ids),
  };
}

type StoredRow = Pick<
  DraftRow | ManuscriptRow,
  | 'type'
  | 'title'
  | 'body'
  | 'summary'
  | 'cover_mode'
  | 'cover_urls'
  | 'original'
  | 'video_url'
  | 'video_poster'
  | 'video_vid'
  | 'images'
  | 'cover_index'
  | 'item_ids'
>;

/**
 * A stored row as a document. The body is sanitized again on the way out: rows written before the
 * sanitizer existed (or by other paths) are shown allow-listed too.
 */
export function documentOfRow(row: StoredRow): EditorDocument {
  const covers = row.type === 3 || row.type === 5 ? [] : row.cover_urls;
  return {
    type: row.type as EditorKind,
    title: row.type === 5 ? '' : row.title,
    content: sanitizeEditorHtml(row.body),
    summary: row.summary,
    cover_mode: row.cover_mode as CoverMode,
    covers,
    original: row.original,
    video: { url: row.video_url, poster: row.video_poster, vid: row.video_vid },
    images: row.images,
    cover_index: row.cover_index,
    item_ids: row.item_ids,
  };
}
