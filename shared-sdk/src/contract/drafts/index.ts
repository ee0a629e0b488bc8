/**
 * Drafts and the manuscript library (mf-drafts): the request and answer types of their calls, and the
 * pure mappings both sides read (`values.ts`: editor paths, the manuscript lifecycle, status filters).
 */
import type { DataOf, RequestOf } from '../core/route';
import type * as drafts from './schemas';

export * from './values';

export type Draft = drafts.Draft;
export type DraftSearchRequest = RequestOf<typeof drafts.draftSearch>;
export type DraftSearchAnswer = DataOf<typeof drafts.draftSearch>;
/** The body as stored by the editor (HTML, sanitize before showing) and what reopens it in its writing screen. */
export type DraftDetail = DataOf<typeof drafts.draftShow>;
export type DraftDeleteRequest = RequestOf<typeof drafts.draftDelete>;
export type Manuscript = drafts.Manuscript;
export type ManuscriptListRequest = RequestOf<typeof drafts.manuscriptList>;
export type ManuscriptListAnswer = DataOf<typeof drafts.manuscriptList>;
export type ManuscriptDetail = DataOf<typeof drafts.manuscriptShow>;
export type ManuscriptWithdrawRequest = RequestOf<typeof drafts.manuscriptWithdraw>;
export type ManuscriptWithdrawAnswer = DataOf<typeof drafts.manuscriptWithdraw>;
export type ManuscriptDeleteRequest = RequestOf<typeof drafts.manuscriptDelete>;
