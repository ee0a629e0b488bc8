/**
 * Short drama (contract: shared-sdk/src/contract/short-drama.ts). isHasAuth answers whether the
 * entries show (spec §6); every other call is refused (1003) without that authority, read from the
 * user row on each request, and touches only the caller's own series and episodes. Saving a series
 * or an episode is creating content: refused without real-name verification (1005) and under a ban
 * of content (range "1", 1006), as the episode form refuses it.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type DramaDetail,
  type DramaEpisode,
  type DramaListAnswer,
  type DramaSaveRequest,
  type DramaSeries,
  type EpisodeSaveRequest,
  type HasAuthAnswer,
  BanRange,
  DRAMA_LIMITS,
  ok,
} from 'shared-sdk/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { bool, envelope, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { forbidden } from '../../lib/api-error';
import { id, optionalId, text } from './request-fields';
import { listDramas, listEpisodes, ownDrama, ownEpisode, saveDrama, saveEpisode, seriesOf, toEpisode } from './drama-store';
import { detailAnswer, episodeAnswer, episodeItem, listAnswer, seriesAnswer } from './schemas';

export const NO_DRAMA_AUTH = '未开通短剧权限';

function dramaUser(request: FastifyRequest): UserRow {
  const { user } = requireAuth(request);
  if (!user.short_drama_auth) throw forbidden(NO_DRAMA_AUTH);
  return user;
}

/** Who may create or change a series or an episode: as for any content, real-name verified and not banned from content. */
async function dramaWriter(db: Kysely<Database>, request: FastifyRequest): Promise<UserRow> {
  const user = dramaUser(request);
  requireCert(user);
  await requireNotBanned(db, user.id, BanRange.CONTENT);
  return user;
}

const saveBody = objectOf(
  {
    id: optionalId,
    title: text(DRAMA_LIMITS.titleMax * 4),
    cover_url: text(DRAMA_LIMITS.urlMax, ''),
    intro: text(DRAMA_LIMITS.introMax * 2, ''),
    status: { type: 'integer', enum: [1, 2], default: 1 },
  },
  ['title'],
);
const episodeBody = objectOf(
  {
    id: optionalId,
    drama_id: id,
    episode_no: { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 },
    title: text(DRAMA_LIMITS.episodeTitleMax * 4),
    video_url: text(DRAMA_LIMITS.urlMax),
    cover_url: text(DRAMA_LIMITS.urlMax, ''),
  },
  ['drama_id', 'episode_no', 'title', 'video_url'],
);
const pageBody = objectOf(
  { page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
  [],
);

const shortDrama: FastifyPluginAsync = async (app) => {
  app.post('/api/microDrama/isHasAuth', { schema: { response: { 200: envelope(objectOf({ check: bool })) } } }, async (request) =>
    ok<HasAuthAnswer>({ check: requireAuth(request).user.short_drama_auth }),
  );

  app.post<{ Body: { page: number; size: number } }>('/api/microDrama/list', { schema: { body: pageBody, response: { 200: listAnswer } } }, async (request) =>
    ok<DramaListAnswer>(await listDramas(app.db, dramaUser(request).id, request.body.page, request.body.size)),
  );

  app.post<{ Body: DramaSaveRequest }>('/api/microDrama/save', { schema: { body: saveBody, response: { 200: seriesAnswer } } }, async (request) => {
    const user = await dramaWriter(app.db, request);
    return ok<DramaSeries>(await seriesOf(app.db, await saveDrama(app.db, app.storage, user.id, request.body)), '保存成功');
  });

  app.post<{ Body: { id: number } }>('/api/microDrama/detail', { schema: { body: objectOf({ id }), response: { 200: detailAnswer } } }, async (request) => {
    const drama = await ownDrama(app.db, dramaUser(request).id, request.body.id);
    const episodes = (await listEpisodes(app.db, drama.id)).map(toEpisode);
    return ok<DramaDetail>({ ...(await seriesOf(app.db, drama)), episodes });
  });

  app.post<{ Body: { drama_id: number } }>(
    '/api/microDrama/episode/list',
    { schema: { body: objectOf({ drama_id: id }), response: { 200: envelope({ type: 'array', items: episodeItem }) } } },
    async (request) => {
      const drama = await ownDrama(app.db, dramaUser(request).id, request.body.drama_id);
      return ok<DramaEpisode[]>((await listEpisodes(app.db, drama.id)).map(toEpisode));
    },
  );

  app.post<{ Body: { id: number } }>('/api/microDrama/episode/detail', { schema: { body: objectOf({ id }), response: { 200: episodeAnswer } } }, async (request) =>
    ok<DramaEpisode>(toEpisode(await ownEpisode(app.db, dramaUser(request).id, request.body.id))),
  );

  app.post<{ Body: EpisodeSaveRequest }>('/api/microDrama/episode/save', { schema: { body: episodeBody, response: { 200: episodeAnswer } } }, async (request) =>
    ok<DramaEpisode>(toEpisode(await saveEpisode(app.db, app.storage, (await dramaWriter(app.db, request)).id, request.body)), '保存成功'),
  );
};

export default shortDrama;
