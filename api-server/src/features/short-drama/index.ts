/**
 * Short drama (contract: shared-sdk/src/contract/short-drama/schemas.ts). isHasAuth answers whether the
 * entries show (docs/product.md §6); every other call is refused (1003) without that authority, read from the
 * user row on each request, and touches only the caller's own series and episodes. Saving a series
 * or an episode is creating content: refused without real-name verification (1005) and under a ban
 * of content (range "1", 1006), as the episode form refuses it.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BanRange, ok } from 'shared-sdk/contract';
import { shortDrama as contract } from 'shared-sdk/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { forbidden } from '../../lib/api-error';
import { listDramas, listEpisodes, ownDrama, ownEpisode, saveDrama, saveEpisode, seriesOf, toEpisode } from './drama-store';

const { DRAMA_LIST_DEFAULTS, DRAMA_SAVE_DEFAULTS, EPISODE_SAVE_DEFAULTS } = contract;

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

const shortDrama: FastifyPluginAsync = async (app) => {
  serve(app, contract.dramaHasAuth, async (request) => ok({ check: requireAuth(request).user.short_drama_auth }));

  serve(app, contract.dramaList, async (request) => {
    const { page = DRAMA_LIST_DEFAULTS.page, size = DRAMA_LIST_DEFAULTS.size } = request.body;
    return ok(await listDramas(app.db, dramaUser(request).id, page, size));
  });

  serve(app, contract.dramaSave, async (request) => {
    const user = await dramaWriter(app.db, request);
    // The validator filled in every default; the spread only tells the types so.
    const series = await saveDrama(app.db, app.storage, user.id, { ...DRAMA_SAVE_DEFAULTS, ...request.body });
    return ok(await seriesOf(app.db, series), '保存成功');
  });

  serve(app, contract.dramaDetail, async (request) => {
    const drama = await ownDrama(app.db, dramaUser(request).id, request.body.id);
    const episodes = (await listEpisodes(app.db, drama.id)).map(toEpisode);
    return ok({ ...(await seriesOf(app.db, drama)), episodes });
  });

  serve(app, contract.episodeList, async (request) => {
    const drama = await ownDrama(app.db, dramaUser(request).id, request.body.drama_id);
    return ok((await listEpisodes(app.db, drama.id)).map(toEpisode));
  });

  serve(app, contract.episodeDetail, async (request) => ok(toEpisode(await ownEpisode(app.db, dramaUser(request).id, request.body.id))));

  serve(app, contract.episodeSave, async (request) => {
    const user = await dramaWriter(app.db, request);
    return ok(toEpisode(await saveEpisode(app.db, app.storage, user.id, { ...EPISODE_SAVE_DEFAULTS, ...request.body })), '保存成功');
  });
};

export default shortDrama;
