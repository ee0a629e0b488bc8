/**
 * The manuscript library (README: "Manuscript calls"): list by type and status filter, show,
 * withdraw a scheduled manuscript, delete.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiCode,
  BanRange,
  type ManuscriptDetail,
  type ManuscriptEditorDetail,
  type ManuscriptListAnswer,
  type ManuscriptWithdrawAnswer,
  type WithdrawTarget,
  ok,
  statusesForFilter,
} from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { deleteManuscripts, findOwnManuscript, listManuscripts, toManuscriptDetail, withdrawManuscript } from './manuscript-store';
import { idQuery, listAnswer, manuscriptDeleteBody, manuscriptDetail, manuscriptItem, manuscriptListQuery, nullAnswer, withdrawAnswer, withdrawBody } from './schemas';
import { ID_LIST } from './shared';
import { parseIdList } from '../../lib/ids';

interface ListQuery {
  type: number;
  status: number;
  page: number;
  size: number;
  title: string;
}

const manuscriptRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/api/manuscript/list',
    { schema: { querystring: manuscriptListQuery, response: { 200: listAnswer(manuscriptItem) } } },
    async (request) => {
      const { type, status, page, size, title } = request.query;
      const statuses = statusesForFilter(type, status);
      if (statuses === undefined) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：status 不在该类型的筛选项中');
      const answer = await listManuscripts(app.db, { userId: requireAuth(request).user.id, type, statuses, page, size, title: title.trim() });
      return ok<ManuscriptListAnswer>(answer);
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api/manuscript/show',
    { schema: { querystring: idQuery, response: { 200: envelope(manuscriptDetail) } } },
    async (request) => ok<ManuscriptDetail & ManuscriptEditorDetail>(await toManuscriptDetail(app.db, await findOwnManuscript(app.db, requireAuth(request).user.id, request.query.id))),
  );

  app.post<{ Body: { id: number; to: WithdrawTarget } }>(
    '/api/manuscript/withdraw',
    { schema: { body: withdrawBody, response: { 200: withdrawAnswer } } },
    async (request) => {
      const { user } = requireAuth(request);
      requireCert(user);
      await requireNotBanned(app.db, user.id, BanRange.CONTENT);
      return ok<ManuscriptWithdrawAnswer>(await withdrawManuscript(app.db, user.id, request.body.id, request.body.to), '撤回成功');
    },
  );

  app.post<{ Body: { ids: string } }>(
    '/api/manuscript/del',
    { schema: { body: manuscriptDeleteBody, response: { 200: nullAnswer } } },
    async (request) => {
      const { user } = requireAuth(request);
      requireCert(user);
      await requireNotBanned(app.db, user.id, BanRange.CONTENT);
      await deleteManuscripts(app.db, user.id, parseIdList(request.body.ids, ID_LIST));
      return ok(null, '删除成功!');
    },
  );
};

export default manuscriptRoutes;
