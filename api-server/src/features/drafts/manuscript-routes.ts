/**
 * The manuscript library (README: "Manuscript calls"): list by type and status filter, show,
 * withdraw a scheduled manuscript, delete.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, BanRange, ok, statusesForFilter } from 'shared-sdk/contract';
import { drafts as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { parseIdList } from '../../lib/ids';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { deleteManuscripts, findOwnManuscript, listManuscripts, toManuscriptDetail, withdrawManuscript } from './manuscript-store';
import { ID_LIST } from './draft-lists';

const { DRAFT_LIST_DEFAULTS: DEFAULTS } = contract;

const manuscriptRoutes: FastifyPluginAsync = async (app) => {
  serve(app, contract.manuscriptList, async (request) => {
    const { type, status, page = DEFAULTS.page, size = DEFAULTS.size, title = DEFAULTS.title } = request.query;
    const statuses = statusesForFilter(type, status);
    if (statuses === undefined) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：status 不在该类型的筛选项中');
    return ok(await listManuscripts(app.db, { userId: requireAuth(request).user.id, type, statuses, page, size, title: title.trim() }));
  });

  serve(app, contract.manuscriptShow, async (request) =>
    ok(await toManuscriptDetail(app.db, await findOwnManuscript(app.db, requireAuth(request).user.id, request.query.id))),
  );

  serve(app, contract.manuscriptWithdraw, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    await requireNotBanned(app.db, user.id, BanRange.CONTENT);
    return ok(await withdrawManuscript(app.db, user.id, request.body.id, request.body.to), '撤回成功');
  });

  serve(app, contract.manuscriptDelete, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    await requireNotBanned(app.db, user.id, BanRange.CONTENT);
    await deleteManuscripts(app.db, user.id, parseIdList(request.body.ids, ID_LIST));
    return ok(null, '删除成功!');
  });
};

export default manuscriptRoutes;
