/**
 * Short drama (微短剧): a creator's series and their numbered episodes. Every call but isHasAuth needs
 * the short-drama authority (isHasAuth answering check true; read from the user on each call, else
 * 1003 未开通短剧权限). Series and episodes are owner-only: another creator's id answers 1004. Saving
 * a series or an episode is creating content: 1005 without real-name verification, 1006 under a
 * content ban.
 */
import { type Static, Type } from 'typebox';
import { DRAMA_LIMITS, DramaStatus } from './values';
import { FIRST_PAGE, Id, IdOrNew, Int32, OneOf, Paging, Text } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'short-drama';
const STATUSES = [DramaStatus.ONGOING, DramaStatus.FINISHED] as const;
const STATUS_NAMES = '1 连载中, 2 已完结';
const Status = OneOf(STATUSES, { description: STATUS_NAMES });

/** What the server assumes when a call is made without them. */
export const DRAMA_LIST_DEFAULTS = { page: FIRST_PAGE, size: 20 } as const;
export const DRAMA_SAVE_DEFAULTS = { id: 0, cover_url: '', intro: '', status: DramaStatus.ONGOING } as const;
export const EPISODE_SAVE_DEFAULTS = { id: 0, cover_url: '' } as const;

export const DramaSeries = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** '' when the series has no cover yet. */
  cover_url: Type.String(),
  intro: Type.String(),
  status: Status,
  episode_count: Type.Integer(),
  create_time: Type.String(),
  update_time: Type.String(),
});
export type DramaSeries = Static<typeof DramaSeries>;

export const DramaEpisode = Type.Object({
  id: Type.Integer(),
  drama_id: Type.Integer(),
  /** 1-based, unique within the series. */
  episode_no: Type.Integer(),
  title: Type.String(),
  video_url: Type.String(),
  cover_url: Type.String(),
  create_time: Type.String(),
  update_time: Type.String(),
});
export type DramaEpisode = Static<typeof DramaEpisode>;

export const dramaHasAuth = defineRoute({
  method: 'POST',
  url: '/api/microDrama/isHasAuth',
  operationId: 'dramaHasAuth',
  summary: 'Whether the short-drama entries show: check true when the creator has the authority',
  tag,
  data: Type.Object({ check: Type.Boolean() }),
});

export const dramaList = defineRoute({
  method: 'POST',
  url: '/api/microDrama/list',
  operationId: 'dramaList',
  summary: 'My series, newest first, with their episode counts',
  tag,
  body: Type.Object(Paging({ size: DRAMA_LIST_DEFAULTS.size, sizeMax: 50 })),
  data: Type.Object({ list: Type.Array(DramaSeries), total: Type.Integer() }),
});

export const dramaSave = defineRoute({
  method: 'POST',
  url: '/api/microDrama/save',
  operationId: 'dramaSave',
  summary: 'Create a series, or update mine; msg 保存成功',
  description:
    `1002 with the form's message: the title (trimmed) 1–${DRAMA_LIMITS.titleMax} characters, ` +
    `the introduction at most ${DRAMA_LIMITS.introMax}, a cover the caller uploaded.`,
  tag,
  // Text bounds leave room for the whitespace the server trims before its own checks.
  body: Type.Object({
    id: IdOrNew('a series'),
    title: Text(DRAMA_LIMITS.titleMax * 4),
    cover_url: Type.Optional(Type.String({ maxLength: DRAMA_LIMITS.urlMax, default: DRAMA_SAVE_DEFAULTS.cover_url })),
    intro: Type.Optional(Type.String({ maxLength: DRAMA_LIMITS.introMax * 2, default: DRAMA_SAVE_DEFAULTS.intro })),
    status: Type.Optional(OneOf(STATUSES, { description: STATUS_NAMES, default: DRAMA_SAVE_DEFAULTS.status })),
  }),
  data: DramaSeries,
});

export const dramaDetail = defineRoute({
  method: 'POST',
  url: '/api/microDrama/detail',
  operationId: 'dramaDetail',
  summary: 'One of my series with its episodes, by episode number',
  tag,
  body: Type.Object({ id: Id }),
  data: Type.Object({ ...DramaSeries.properties, episodes: Type.Array(DramaEpisode) }),
});

export const episodeList = defineRoute({
  method: 'POST',
  url: '/api/microDrama/episode/list',
  operationId: 'dramaEpisodeList',
  summary: 'The episodes of one of my series, by episode number',
  tag,
  body: Type.Object({ drama_id: Id }),
  data: Type.Array(DramaEpisode),
});

export const episodeDetail = defineRoute({
  method: 'POST',
  url: '/api/microDrama/episode/detail',
  operationId: 'dramaEpisodeDetail',
  summary: 'One of my episodes',
  tag,
  body: Type.Object({ id: Id }),
  data: DramaEpisode,
});

export const episodeSave = defineRoute({
  method: 'POST',
  url: '/api/microDrama/episode/save',
  operationId: 'dramaEpisodeSave',
  summary: 'Add an episode to my series, or update mine (its series cannot change); msg 保存成功',
  description:
    `1002 with the form's message: the number 1–${DRAMA_LIMITS.episodeNoMax}, the title (trimmed) 1–${DRAMA_LIMITS.episodeTitleMax} characters, ` +
    "a video (one of the caller's uploads the video service transcoded, a path of the product's media service, or an http(s) address). " +
    '1009 when the number is taken in the series.',
  tag,
  body: Type.Object({
    id: IdOrNew('an episode'),
    drama_id: Id,
    episode_no: Int32,
    title: Text(DRAMA_LIMITS.episodeTitleMax * 4),
    /** Required: an episode is a video. */
    video_url: Text(DRAMA_LIMITS.urlMax),
    cover_url: Type.Optional(Type.String({ maxLength: DRAMA_LIMITS.urlMax, default: EPISODE_SAVE_DEFAULTS.cover_url })),
  }),
  data: DramaEpisode,
});
