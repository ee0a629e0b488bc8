/** GET /api/draft/search, GET /api/draft/show, POST /api/draft/del (spec §7, §8). */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, BanRange, type DraftDetail, type DraftEditorDetail, type DraftSearchAnswer, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { deleteDrafts, findOwnDraft, searchDrafts, toDraftDetail } from './draft-store';
import { draftDeleteBody, draftDetail, draftItem, draftSearchQuery, idQuery, listAnswer, nullAnswer } from './schemas';
import { DRAFT_MESSAGES, ID_LIST } from './shared';
import { parseIdList } from '../../lib/ids';

interface SearchQuery {
  type: number;
  page: number;
  size: number;
  title: string;
}

const draftRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: SearchQuery }>(
    '/api/draft/search',
    { schema: { querystring: draftSearchQuery, response: { 200: listAnswer(draftItem) } } },
    async (request) => {
      const { type, page, size, title } = request.query;
      const answer = await searchDrafts(app.db, { userId: requireAuth(request).user.id, type, page, size, title: title.trim() });
      return ok<DraftSearchAnswer>(answer);
    },
  );

  // Reading needs no real-name: unverified creators may browse (spec §6).
  app.get<{ Querystring: { id: number } }>(
    '/api/draft/show',
    { schema: { querystring: idQuery, response: { 200: envelope(draftDetail) } } },
    async (request) => ok<DraftDetail & DraftEditorDetail>(await toDraftDetail(app.db, await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id))),
  );

  app.post<{ Body: { ids: string; global_ids: string } }>(
    '/api/draft/del',
    { schema: { body: draftDeleteBody, response: { 200: nullAnswer } } },
    async (request) => {
      const { user } = requireAuth(request);
      // Same order as the browser's guardCreation: real-name first, then the ban.
      requireCert(user);
      await requireNotBanned(app.db, user.id, BanRange.CONTENT);
      const ids = parseIdList(request.body.ids, ID_LIST);
      const globalIds = request.body.global_ids.trim() ? request.body.global_ids.split(',').map((part) => part.trim()) : null;
      if (globalIds && globalIds.length !== ids.length) throw new ApiError(ApiCode.INVALID_PARAMS, DRAFT_MESSAGES.BAD_GLOBAL_IDS);
      await deleteDrafts(app.db, user.id, ids, globalIds);
      return ok(null, '删除成功!');
    },
  );
};

export default draftRoutes;
