/**
 * Short drama (微短剧): a creator's series and their numbered episodes. Every call needs the
 * short-drama authority (`/api/microDrama/isHasAuth` answering check true); without it the server
 * answers 1003. Series and episodes are owner-only: another creator's id answers 1004.
 *
 * Calls (POST, form-encoded, signed like every other call; answers in the `{code,msg,data}` envelope):
 *
 * | path | request | data |
 * |---|---|---|
 * | /api/microDrama/list | DramaListRequest | DramaListAnswer (my series, newest first) |
 * | /api/microDrama/save | DramaSaveRequest | DramaSeries (created, or updated when id is given) |
 * | /api/microDrama/detail | { id } | DramaDetail (the series and its episodes by episode_no) |
 * | /api/microDrama/episode/list | { drama_id } | DramaEpisode[] ordered by episode_no |
 * | /api/microDrama/episode/detail | { id } | DramaEpisode |
 * | /api/microDrama/episode/save | EpisodeSaveRequest | DramaEpisode (1009 when the number is taken in the series) |
 */

/** A series' state, set by its owner. */
export const DramaStatus = { ONGOING: 1, FINISHED: 2 } as const;
export type DramaStatus = (typeof DramaStatus)[keyof typeof DramaStatus];
export const DRAMA_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '连载中', 2: '已完结' };

export const DRAMA_LIMITS = {
  titleMax: 30,
  introMax: 500,
  episodeTitleMax: 30,
  /** Episode numbers run 1..episodeNoMax within a series, each at most once. */
  episodeNoMax: 999,
  urlMax: 1000,
} as const;

export interface DramaSeries {
  id: number;
  title: string;
  /** '' when the series has no cover yet. */
  cover_url: string;
  intro: string;
  status: DramaStatus;
  episode_count: number;
  create_time: string;
  update_time: string;
}

export interface DramaListRequest {
  page: number;
  /** 1–50. */
  size: number;
}
export interface DramaListAnswer {
  list: DramaSeries[];
  total: number;
}

export interface DramaSaveRequest {
  /** Omitted (or 0) creates a series; otherwise updates my series with that id. */
  id?: number;
  title: string;
  cover_url: string;
  intro: string;
  status: DramaStatus;
}

export interface DramaEpisode {
  id: number;
  drama_id: number;
  /** 1-based, unique within the series. */
  episode_no: number;
  title: string;
  video_url: string;
  cover_url: string;
  create_time: string;
  update_time: string;
}

export interface DramaDetail extends DramaSeries {
  episodes: DramaEpisode[];
}

export interface EpisodeSaveRequest {
  /** Omitted (or 0) adds an episode; otherwise updates my episode with that id (its series cannot change). */
  id?: number;
  drama_id: number;
  episode_no: number;
  title: string;
  /** Required: an episode is a video (an address in the product's storage or another http(s) URL). */
  video_url: string;
  cover_url: string;
}

/** Where 新增剧集 and an episode's edit link open (the editor remote's screen). */
export function episodeEditorHref(dramaId: number, episodeId?: number): string {
  return episodeId ? `/episode?dramaId=${dramaId}&episodeId=${episodeId}` : `/episode?dramaId=${dramaId}`;
}
