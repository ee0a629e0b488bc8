/**
 * The writing screens' contract (docs/product.md §2 "Rich-text editor", §4, §5, §9): the kinds of content, the
 * save call `POST /api/article/add` and its answer, draft versions, the material pre-fill call, the
 * limits and the pure validation both the editor and the server run. The server answers the first
 * issue `validateEditorDocument` finds, with the same Chinese text the editor shows beside the field.
 *
 * Wire format: POST bodies are form-encoded and signed like every other call, so structured fields
 * travel as JSON text (`covers`, `images`) or comma lists (`item_ids`); see `toArticleAddRequest`.
 */
import type { Option } from '../core/enums';
import type * as document from './document';
import type * as editor from './schemas';
import type { DataOf, RequestOf } from '../core/route';
import { CoverMode, EDITOR_KINDS, EDITOR_LIMITS, EditorKind } from './values';

export * from './values';

export const EDITOR_KIND_LABELS: Readonly<Record<EditorKind, string>> = { 1: '文章', 2: '视频', 3: '图集', 4: '合集', 5: '动态' };
/** The ban range that blocks a kind (docs/product.md §4): posts are range "3", everything else range "1". */
export function banRangeOfKind(kind: number): '1' | '3' {
  return kind === EditorKind.POST ? '3' : '1';
}
export function isEditorKind(value: unknown): value is EditorKind {
  return typeof value === 'number' && (EDITOR_KINDS as readonly number[]).includes(value);
}

/** Draft list tabs with every kind (the landed DRAFT_TABS has only 0–3). */
export const DRAFT_TABS_ALL: readonly Option[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '图文' },
  { value: 2, label: '视频' },
  { value: 3, label: '图集' },
  { value: 4, label: '合集' },
  { value: 5, label: '动态' },
];
/** Manuscript library tabs. */
export const MANUSCRIPT_TABS: readonly Option[] = [
  { value: 1, label: '文章' },
  { value: 2, label: '视频' },
  { value: 3, label: '图集' },
  { value: 4, label: '合集' },
  { value: 5, label: '动态' },
];

export const COVER_MODE_OPTIONS: readonly Option[] = [
  { value: 1, label: '单图' },
  { value: 3, label: '三图' },
  { value: 0, label: '无封面' },
];

/** Answer codes of the editor calls beyond the common ones (1002 params, 1003 not yours, 1004 missing, 1005 real-name, 1006 banned, 1009 state). */
export const EditorCode = {
  /** The save was based on an older version than the server's: data is `VersionConflictData`. */
  VERSION_CONFLICT: 1020,
} as const;
export const EDITOR_MESSAGES = {
  VERSION_CONFLICT: '草稿已在其他页面更新，请选择保留哪个版本',
  SAVED: '保存成功',
  PUBLISHED: '发布成功，等待审核',
  SCHEDULED: '定时发布设置成功',
  RESTORED: '已恢复该版本',
} as const;

// --- the document ---------------------------------------------------------------------------
export type GalleryImage = document.GalleryImage;
export type EditorVideo = document.EditorVideo;
/** Every kind's fields; a kind ignores the ones it does not use (they are stored empty). */
export type EditorDocument = document.EditorDocument;

export function emptyDocument(type: EditorKind): EditorDocument {
  return {
    type,
    title: '',
    content: '',
    summary: '',
    cover_mode: CoverMode.SINGLE,
    covers: [],
    original: false,
    video: { url: '', poster: '', vid: '' },
    images: [],
    cover_index: 0,
    item_ids: [],
  };
}

// --- POST /api/article/add ------------------------------------------------------------------
/** The form fields of `POST /api/article/add`. Structured fields are JSON text or comma lists. */
export type ArticleAddRequest = RequestOf<typeof editor.articleAdd>;
/** A save's answer (and a restore's). */
export type ArticleAddAnswer = editor.ArticleSaved;
/**
 * data of a 1020 refusal: the server's current state of the draft (the save's and the restore's
 * declared `refusal`; a caller reads it with `refusalData` from `contract/calls`).
 */
export type VersionConflictData = editor.VersionConflict;

/** Builds the form fields from a document, ready for the signed POST. */
export function toArticleAddRequest(
  doc: EditorDocument,
  save: Pick<ArticleAddRequest, 'save_type' | 'draft_id' | 'base_version' | 'manuscript_id' | 'publish_time'>,
): ArticleAddRequest {
  return {
    ...save,
    type: doc.type,
    title: doc.title,
    content: doc.content,
    summary: doc.summary,
    cover_mode: doc.cover_mode,
    covers: JSON.stringify(doc.covers),
    original: doc.original ? 1 : 0,
    video_url: doc.video.url,
    video_poster: doc.video.poster,
    video_vid: doc.video.vid,
    images: JSON.stringify(doc.images),
    cover_index: doc.cover_index,
    item_ids: doc.item_ids.join(','),
  };
}

// --- draft show's editor fields (editor/document.ts) and versions -------------------
export type CollectionItem = document.CollectionItem;
/** Added to `GET /api/draft/show` and `GET /api/manuscript/show` (prefix nd_ / nm_). Content is sanitized HTML. */
export type EditorFields = document.EditorFields;

/** `GET /api/draft/versions?id=`: newest first, at most 50. */
export type DraftVersionListAnswer = DataOf<typeof editor.draftVersions>;
export type DraftVersionItem = DraftVersionListAnswer['list'][number];
/** `GET /api/draft/version?id=&version=`: that version's document (content sanitized). */
export type DraftVersionAnswer = DataOf<typeof editor.draftVersion>;
/** `POST /api/draft/restoreVersion` {id, version, base_version?}: the restored copy becomes a new version. */
export type DraftRestoreVersionRequest = RequestOf<typeof editor.draftRestoreVersion>;

// --- POST /api/editor/useMaterial (?materialId= pre-fill; records 使用) ---------------------
export type UseMaterialRequest = RequestOf<typeof editor.useMaterial>;
export type UseMaterialAnswer = DataOf<typeof editor.useMaterial>;

export function materialFitsKind(cmType: number, kind: number): boolean {
  if (cmType === 2) return kind === EditorKind.ARTICLE || kind === EditorKind.GALLERY || kind === EditorKind.POST || kind === EditorKind.COLLECTION;
  if (cmType === 3) return kind === EditorKind.ARTICLE || kind === EditorKind.VIDEO;
  return false;
}

// --- pure validation ------------------------------------------------------------------------
export interface EditorIssue {
  field: keyof EditorDocument | 'publish_time';
  message: string;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of editor HTML (tags dropped, entities decoded): what the character counter counts. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n+$/, '');
}
/** Characters as a reader counts them: code points, line breaks excluded. */
export function textLength(text: string): number {
  return [...text.replace(/\n/g, '')].length;
}
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(value) && value.length <= EDITOR_LIMITS.URL_MAX;
}
/** A file of our own storage, served from this origin (`/oss/<bucket>/<key>`). */
export function isStorageUrl(value: string): boolean {
  return /^\/oss\/[^\s"'<>]+$/.test(value) && !/(^|\/)\.\.(\/|$)/.test(value) && value.length <= EDITOR_LIMITS.URL_MAX;
}
/** Where media of the body may come from: http(s) or our storage. */
export function isMediaUrl(value: string): boolean {
  return isHttpUrl(value) || isStorageUrl(value);
}
/**
 * Covers and gallery/post images: media URLs, plus inline raster or SVG images (the demo materials
 * are inline SVG). They are only ever shown through <img>, where an SVG cannot run script.
 */
export function isImageUrl(value: string): boolean {
  if (isMediaUrl(value)) return true;
  return /^data:image\/(svg\+xml|png|jpeg|gif|webp)[;,][^\s"'<>]*$/i.test(value) && value.length <= EDITOR_LIMITS.DATA_IMAGE_MAX;
}

/** The `#话题#` topics of a text, in order, without duplicates. */
export function topicsOf(text: string): string[] {
  const found = [...text.matchAll(/#([^#\s]{1,30})#/g)].map((match) => match[1] ?? '');
  return [...new Set(found)];
}

function titleIssues(doc: EditorDocument, publishing: boolean, issues: EditorIssue[]): void {
  const length = textLength(doc.title.trim());
  if (length > EDITOR_LIMITS.TITLE_MAX) issues.push({ field: 'title', message: `标题最多${EDITOR_LIMITS.TITLE_MAX}个字` });
  else if (publishing && length < EDITOR_LIMITS.TITLE_MIN)
    issues.push({ field: 'title', message: `标题需要${EDITOR_LIMITS.TITLE_MIN}到${EDITOR_LIMITS.TITLE_MAX}个字` });
}

function coverIssues(doc: EditorDocument, publishing: boolean, issues: EditorIssue[]): void {
  if (doc.covers.some((url) => !isImageUrl(url))) issues.push({ field: 'covers', message: '封面地址不正确' });
  const wanted = doc.type === EditorKind.ARTICLE ? doc.cover_mode : 1;
  if (doc.covers.length > Math.max(wanted, 1) || doc.covers.length > 3) issues.push({ field: 'covers', message: '封面数量与封面模式不符' });
  else if (publishing && doc.type !== EditorKind.POST && doc.type !== EditorKind.GALLERY && doc.covers.length !== wanted) {
    issues.push({ field: 'covers', message: wanted === 3 ? '请选择3张封面' : '请选择封面' });
  }
}

function imageIssues(doc: EditorDocument, publishing: boolean, issues: EditorIssue[]): void {
  if (doc.images.some((image) => !isImageUrl(image.url))) issues.push({ field: 'images', message: '图片地址不正确' });
  if (doc.type === EditorKind.GALLERY) {
    if (doc.images.length > EDITOR_LIMITS.GALLERY_MAX) issues.push({ field: 'images', message: `图集最多${EDITOR_LIMITS.GALLERY_MAX}张图片` });
    else if (publishing && doc.images.length < EDITOR_LIMITS.GALLERY_MIN)
      issues.push({ field: 'images', message: `图集至少需要${EDITOR_LIMITS.GALLERY_MIN}张图片` });
    if (doc.images.some((image) => textLength(image.caption) > EDITOR_LIMITS.CAPTION_MAX))
      issues.push({ field: 'images', message: `图片说明最多${EDITOR_LIMITS.CAPTION_MAX}个字` });
    if (!Number.isInteger(doc.cover_index) || doc.cover_index < 0 || (doc.images.length > 0 && doc.cover_index >= doc.images.length)) {
      issues.push({ field: 'cover_index', message: '请从图集中选择封面' });
    }
  } else if (doc.type === EditorKind.POST) {
    if (doc.images.length > EDITOR_LIMITS.POST_IMAGES_MAX) issues.push({ field: 'images', message: `动态最多${EDITOR_LIMITS.POST_IMAGES_MAX}张图片` });
  } else if (doc.images.length > 0) {
    issues.push({ field: 'images', message: '该类型不支持图片列表' });
  }
}

function bodyIssues(doc: EditorDocument, publishing: boolean, issues: EditorIssue[]): void {
  if (doc.content.length > EDITOR_LIMITS.CONTENT_HTML_MAX) {
    issues.push({ field: 'content', message: '正文过长' });
    return;
  }
  const length = textLength(htmlToText(doc.content));
  const max =
    doc.type === EditorKind.ARTICLE
      ? EDITOR_LIMITS.ARTICLE_TEXT_MAX
      : doc.type === EditorKind.POST
        ? EDITOR_LIMITS.POST_TEXT_MAX
        : EDITOR_LIMITS.DESCRIPTION_MAX;
  const what = doc.type === EditorKind.ARTICLE ? '正文' : doc.type === EditorKind.POST ? '动态内容' : '简介';
  if (length > max) issues.push({ field: 'content', message: `${what}最多${max}个字` });
  const hasMedia = /<(img|video|audio|iframe)\b/i.test(doc.content);
  if (publishing && length === 0 && !hasMedia) {
    if (doc.type === EditorKind.ARTICLE) issues.push({ field: 'content', message: '请输入正文' });
    if (doc.type === EditorKind.POST && doc.images.length === 0) issues.push({ field: 'content', message: '请输入动态内容' });
  }
}

/**
 * Every rule of a document, in the order the editor shows them. `publishing` adds the minimums
 * (title 5–64, covers of the mode, gallery ≥ 3, a video, collection ≥ 2); a draft save checks only
 * maxima and formats, so an unfinished piece can always be kept.
 */
export function validateEditorDocument(doc: EditorDocument, publishing: boolean): EditorIssue[] {
  const issues: EditorIssue[] = [];
  if (doc.type !== EditorKind.POST) titleIssues(doc, publishing, issues);
  else if (textLength(doc.title) > EDITOR_LIMITS.TITLE_MAX) issues.push({ field: 'title', message: `标题最多${EDITOR_LIMITS.TITLE_MAX}个字` });
  bodyIssues(doc, publishing, issues);
  if (textLength(doc.summary) > EDITOR_LIMITS.SUMMARY_MAX) issues.push({ field: 'summary', message: `摘要最多${EDITOR_LIMITS.SUMMARY_MAX}个字` });
  if (!([0, 1, 3] as number[]).includes(doc.cover_mode)) issues.push({ field: 'cover_mode', message: '封面模式不正确' });
  else coverIssues(doc, publishing, issues);
  imageIssues(doc, publishing, issues);
  if (doc.type === EditorKind.VIDEO) {
    const { url, poster } = doc.video;
    if ((url && !isMediaUrl(url)) || (poster && !isImageUrl(poster)) || doc.video.vid.length > 128) issues.push({ field: 'video', message: '视频地址不正确' });
    else if (publishing && !url) issues.push({ field: 'video', message: '请上传视频' });
  }
  if (doc.type === EditorKind.COLLECTION) {
    if (new Set(doc.item_ids).size !== doc.item_ids.length) issues.push({ field: 'item_ids', message: '合集中有重复的作品' });
    else if (doc.item_ids.length > EDITOR_LIMITS.COLLECTION_MAX) issues.push({ field: 'item_ids', message: `合集最多${EDITOR_LIMITS.COLLECTION_MAX}个作品` });
    else if (publishing && doc.item_ids.length < EDITOR_LIMITS.COLLECTION_MIN)
      issues.push({ field: 'item_ids', message: `合集至少需要${EDITOR_LIMITS.COLLECTION_MIN}个作品` });
  }
  return issues;
}

// --- schedule -------------------------------------------------------------------------------
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** 'YYYY-MM-DD HH:mm:ss' in China time (how the product writes times) → epoch ms, or null. */
export function parseChinaTime(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_OFFSET_MS;
  // Date.UTC rolls 02-30 over to 03-02: refuse dates that do not exist.
  return formatChinaTime(ms).slice(0, 16) === text.trim().slice(0, 16) ? ms : null;
}
export function formatChinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
/** Why a schedule time cannot be used, or null when it is 10 minutes to 7 days after `nowMs`. */
export function scheduleTimeIssue(publishTime: string, nowMs: number): string | null {
  const at = parseChinaTime(publishTime);
  if (at === null) return '请选择定时发布时间';
  if (at < nowMs + EDITOR_LIMITS.SCHEDULE_MIN_MS) return '定时发布时间需晚于当前时间10分钟';
  if (at > nowMs + EDITOR_LIMITS.SCHEDULE_MAX_MS) return '定时发布时间不能超过7天';
  return null;
}

// --- editor paths of the new kinds -----------------------------------------------------------
/** The writing screen of a kind, query included (collections are the video screen with isPack=1). */
export function editorUrlFor(kind: number, target?: { draftId: number } | { manuscriptId: number } | { materialId: number }): string | null {
  const base: Readonly<Record<number, string>> = { 1: '/scriptWrite', 2: '/videoWrite', 3: '/graphWrite', 4: '/videoWrite?isPack=1', 5: '/post' };
  const path = base[kind];
  if (!path) return null;
  if (!target) return path;
  const [key, value] = Object.entries(target)[0] as [string, number];
  return `${path}${path.includes('?') ? '&' : '?'}${key}=${value}`;
}

// --- embeds ---------------------------------------------------------------------------------
/** Video players an iframe may come from (the server drops any other iframe). */
export const EMBED_HOSTS: readonly string[] = [
  'player.bilibili.com',
  'v.qq.com',
  'player.youku.com',
  'open.iqiyi.com',
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'www.ixigua.com',
  'open.douyin.com',
];
/** The sandbox every stored iframe carries (the server sets it); the editor writes the same so a save changes nothing. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';
