/**
 * Short drama (微短剧): a creator's series and their numbered episodes. Every call needs the
 * short-drama authority (`/api/microDrama/isHasAuth` answering check true); without it the server
 * answers 1003. Series and episodes are owner-only: another creator's id answers 1004.
 *
 * The calls are in short-drama/schemas.ts; their types below come from there.
 */
import type * as drama from './schemas';
import type { DataOf, RequestOf } from '../core/route';

export * from './values';

export const DRAMA_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '连载中', 2: '已完结' };

export type HasAuthAnswer = DataOf<typeof drama.dramaHasAuth>;
export type DramaSeries = drama.DramaSeries;
export type DramaEpisode = drama.DramaEpisode;
export type DramaListRequest = RequestOf<typeof drama.dramaList>;
export type DramaListAnswer = DataOf<typeof drama.dramaList>;
/** `id` omitted (or 0) creates a series; otherwise updates my series with that id. */
export type DramaSaveRequest = RequestOf<typeof drama.dramaSave>;
/** The series and its episodes by episode_no. */
export type DramaDetail = DataOf<typeof drama.dramaDetail>;
/** `id` omitted (or 0) adds an episode; otherwise updates my episode with that id (its series cannot change). */
export type EpisodeSaveRequest = RequestOf<typeof drama.episodeSave>;

/** Where 新增剧集 and an episode's edit link open (the editor remote's screen). */
export function episodeEditorHref(dramaId: number, episodeId?: number): string {
  return episodeId ? `/episode?dramaId=${dramaId}&episodeId=${episodeId}` : `/episode?dramaId=${dramaId}`;
}
