/**
 * The command line's other tasks over HTTP: restoring a deleted draft, the rights centre's
 * applications, and building a day's scores. Each change is audited.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { sql } from 'kysely';
import { conflict, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { RightReviewRefusal } from '../rights/review';
import { ScoreDayRefusal } from '../score/daily-job';
import { audited } from './audit';
import { buildScoreDay, decideRightApplication, restoreDeletedDraft, rightName } from './task-changes';

export function registerTaskRoutes(app: FastifyInstance): void {
  serve(app, contract.draftRestore, async (request) => {
    const { id } = request.body;
    await audited(app.db, requireOperator(request), (tx, record) => restoreDeletedDraft(tx, record, id));
    return ok({ message: `草稿 ${id} 已恢复` });
  });

  const rightsQuery = () =>
    app.db
      .selectFrom('right_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.right_code', 'a.status', 'a.reason', 'a.created_at', 'u.id as uid', 'u.phone', 'u.nickname']);
  type RightRow = Awaited<ReturnType<ReturnType<typeof rightsQuery>['executeTakeFirstOrThrow']>>;
  const rightOf = (r: RightRow) => ({
    id: r.id,
    creator: { id: r.uid, phone: r.phone, nickname: r.nickname },
    right_code: r.right_code,
    right_name: rightName(r.right_code),
    status: r.status,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
  });

  serve(app, contract.rightList, async (request) => {
    const { status, page = 1, size = 20 } = request.query;
    let list = rightsQuery();
    let count = app.db.selectFrom('right_applications').select(sql<string>`count(*)`.as('n'));
    if (status) {
      list = list.where('a.status', '=', status);
      count = count.where('status', '=', status);
    }
    const [rows, total] = await Promise.all([
      list
        .orderBy('a.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return ok({ list: rows.map(rightOf), total: Number(total.n), page, size });
  });

  serve(app, contract.rightDecide, async (request) => {
    const { id, decision } = request.body;
    const reason = (request.body.reason ?? '').trim();
    try {
      await audited(app.db, requireOperator(request), (tx, record) => decideRightApplication(tx, record, { id, decision, reason }));
    } catch (error) {
      if (error instanceof RightReviewRefusal) throw conflict(error.message);
      throw error;
    }
    return ok(rightOf(await rightsQuery().where('a.id', '=', id).executeTakeFirstOrThrow()));
  });

  serve(app, contract.scoreDailyBuild, async (request) => {
    const actor = requireOperator(request);
    try {
      return ok({ message: await buildScoreDay(app.db, actor, request.body.date ?? '', app.dbEngine) });
    } catch (error) {
      if (error instanceof ScoreDayRefusal) throw invalid(`参数错误：${error.message}`);
      throw error;
    }
  });
}
