/**
 * Pure mappings for drafts and manuscripts (docs/product.md §2, §3), shared by the server and every screen that
 * opens an editor or shows a manuscript's state: editor paths by content type, the manuscript
 * lifecycle and how the status filters and label maps read it.
 */
import {
  ARTICLE_STATUS_FILTERS,
  ContentType,
  OTHER_STATUS_FILTERS,
  ARTICLE_REVIEW_LABELS,
  VIDEO_REVIEW_LABELS,
  GALLERY_REVIEW_LABELS,
  type LabelMap,
  type Option,
} from '../core/enums';

/**
 * The writing screen of each content type (nd_type / nm_type): 1 article, 2 video, 3 gallery, and
 * the editor's 4 collection (the video screen with isPack=1) and 5 post (EditorKind of editor.ts).
 */
export const EDITOR_PATHS: Readonly<Record<number, string>> = {
  [ContentType.ARTICLE]: '/scriptWrite',
  [ContentType.VIDEO]: '/videoWrite',
  [ContentType.GALLERY]: '/graphWrite',
  4: '/videoWrite?isPack=1',
  5: '/post',
};

export function editorPathFor(type: number): string | null {
  return EDITOR_PATHS[type] ?? null;
}

/** The editor URL that reopens a draft (`draftId`) or a manuscript (`manuscriptId`); null for an unknown type. */
export function editorHref(type: number, target: { draftId: number } | { manuscriptId: number }): string | null {
  const path = editorPathFor(type);
  if (!path) return null;
  const query = 'draftId' in target ? `draftId=${target.draftId}` : `manuscriptId=${target.manuscriptId}`;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * A manuscript's stored lifecycle state. The codes are the article status filter's (docs/product.md §3), the
 * richest of its vocabularies; the other content types' filters are translated onto them.
 */
export const ManuscriptStatus = {
  PRIVATE: 4,
  IN_REVIEW: 5,
  REJECTED: 6,
  PUBLISHED: 7,
  SCHEDULED: 12,
  OFFLINE: 13,
} as const;
export type ManuscriptStatus = (typeof ManuscriptStatus)[keyof typeof ManuscriptStatus];
export const MANUSCRIPT_STATUSES: readonly ManuscriptStatus[] = Object.values(ManuscriptStatus);

/** "All" in each filter list: 20 for articles, -1 for the other kinds (collections and posts included). */
export const ALL_STATUS_FILTER: Readonly<Record<number, number>> = { 1: 20, 2: -1, 3: -1, 4: -1, 5: -1 };

/** The status filter list of a content type's manuscript tab. */
export function statusFiltersFor(type: number): readonly Option[] {
  return type === ContentType.ARTICLE ? ARTICLE_STATUS_FILTERS : OTHER_STATUS_FILTERS;
}

/** Videos' and galleries' filter values (OTHER_STATUS_FILTERS) in the stored lifecycle codes. */
const OTHER_FILTER_STATUSES: Readonly<Record<number, ManuscriptStatus>> = {
  6: ManuscriptStatus.REJECTED,
  0: ManuscriptStatus.PUBLISHED,
  7: ManuscriptStatus.IN_REVIEW,
};

/**
 * The stored states a filter value selects: null means every state ("全部"); undefined means the
 * value is not in that type's filter list (the server refuses it).
 */
export function statusesForFilter(type: number, filter: number): readonly ManuscriptStatus[] | null | undefined {
  if (!statusFiltersFor(type).some((option) => option.value === filter)) return undefined;
  if (filter === ALL_STATUS_FILTER[type]) return null;
  if (type === ContentType.ARTICLE) return [filter as ManuscriptStatus];
  const status = OTHER_FILTER_STATUSES[filter];
  return status === undefined ? undefined : [status];
}

/** The review pipeline's own codes are read with the label map of the content type. */
export const REVIEW_LABELS_BY_TYPE: Readonly<Record<number, LabelMap>> = {
  [ContentType.ARTICLE]: ARTICLE_REVIEW_LABELS,
  [ContentType.VIDEO]: VIDEO_REVIEW_LABELS,
  [ContentType.GALLERY]: GALLERY_REVIEW_LABELS,
};

const LIFECYCLE_LABELS: LabelMap = Object.fromEntries(
  ARTICLE_STATUS_FILTERS.filter((option) => option.value !== 20).map((option) => [option.value, option.label]),
);

/**
 * What a manuscript's state reads as. States the review decides (in review, rejected, published)
 * use the type's label map when the review code is in it; the creator's own states (仅我可见,
 * 定时发布, 已下线) and any code the map lacks use the article filter's words.
 */
export function manuscriptStatusLabel(type: number, status: number, reviewCode: number | null): string {
  const reviewed = status === ManuscriptStatus.IN_REVIEW || status === ManuscriptStatus.REJECTED || status === ManuscriptStatus.PUBLISHED;
  const fromMap = reviewed && reviewCode !== null ? REVIEW_LABELS_BY_TYPE[type]?.[reviewCode] : undefined;
  return fromMap ?? LIFECYCLE_LABELS[status] ?? '未知状态';
}

export interface ManuscriptActions {
  edit: boolean;
  delete: boolean;
  withdraw: boolean;
}

/** What a creator may do to a manuscript in a state; the server applies the same rules. */
export function manuscriptActions(status: number): ManuscriptActions {
  const inReview = status === ManuscriptStatus.IN_REVIEW;
  return { edit: !inReview, delete: !inReview, withdraw: status === ManuscriptStatus.SCHEDULED };
}

/** Bounds of the draft and manuscript lists' queries (a page's size defaults to LIMITS.DRAFT_PAGE_SIZE); larger is refused (1002). */
export const DRAFT_QUERY_LIMITS = { PAGE_MAX: 100_000, SIZE_MAX: 50, TITLE_MAX: 50 } as const;

/** Where a withdrawn scheduled manuscript goes: kept but visible only to its author, or back to drafts. */
export const WithdrawTarget = { PRIVATE: 'private', DRAFT: 'draft' } as const;
export type WithdrawTarget = (typeof WithdrawTarget)[keyof typeof WithdrawTarget];
