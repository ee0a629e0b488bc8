/** GET /api/draft/search, GET /api/draft/show, POST /api/draft/del (docs/product.md §7, §8). */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, BanRange, ok } from 'shared-sdk/contract';
import { drafts as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { parseIdList } from '../../lib/ids';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { deleteDrafts, findOwnDraft, searchDrafts, toDraftDetail } from './draft-store';
import { DRAFT_MESSAGES, ID_LIST } from './draft-lists';

const { DRAFT_LIST_DEFAULTS: DEFAULTS } = contract;

const draftRoutes: FastifyPluginAsync = async (app) => {
  serve(app, contract.draftSearch, async (request) => {
    const { type = DEFAULTS.type, page = DEFAULTS.page, size = DEFAULTS.size, title = DEFAULTS.title } = request.query;
    return ok(await searchDrafts(app.db, { userId: requireAuth(request).user.id, type, page, size, title: title.trim() }));
  });

  // Reading needs no real-name: unverified creators may browse (docs/product.md §6).
  serve(app, contract.draftShow, async (request) =>
    ok(await toDraftDetail(app.db, await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id))),
  );

  serve(app, contract.draftDelete, async (request) => {
    const { user } = requireAuth(request);
    // Same order as the browser's guardCreation: real-name first, then the ban.
    requireCert(user);
    await requireNotBanned(app.db, user.id, BanRange.CONTENT);
    const ids = parseIdList(request.body.ids, ID_LIST);
    const globalIdText = request.body.global_ids ?? '';
    const globalIds = globalIdText.trim() ? globalIdText.split(',').map((part) => part.trim()) : null;
    if (globalIds && globalIds.length !== ids.length) throw new ApiError(ApiCode.INVALID_PARAMS, DRAFT_MESSAGES.BAD_GLOBAL_IDS);
    await deleteDrafts(app.db, user.id, ids, globalIds);
    return ok(null, '删除成功!');
  });
};

export default draftRoutes;
