/**
 * The command line's other tasks over HTTP: restoring a deleted draft, the rights centre's
 * applications, and building a day's scores. Each change is audited.
 */
import type { FastifyInstance } from 'fastify';
import { CREATOR_RIGHTS, ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { sql } from 'kysely';
import { conflict, notFound } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { RightReviewRefusal, reviewRightApplication } from '../rights/review';
import { ScoreDayRefusal, scoreDaily } from '../score/daily-job';
import { audited, writeAudit } from './audit';
import { notifyCreator } from './notify';
import { invalid } from '../../lib/api-error';

const rightName = (code: string): string => CREATOR_RIGHTS.find((r) => r.code === code)?.name ?? code;

export function registerTaskRoutes(app: FastifyInstance): void {
  serve(app, contract.draftRestore, async (request) => {
    const { id } = request.body;
    await audited(app.db, requireOperator(request), async (tx, record) => {
      const row = await tx.selectFrom('drafts').select(['id', 'deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('草稿不存在');
      if (!row.deleted_at) throw conflict('该草稿未被删除');
      await tx.updateTable('drafts').set({ deleted_at: null, updated_at: new Date() }).where('id', '=', id).execute();
      record({ action: 'draft.restore', targetType: 'draft', targetId: id, before: { deleted_at: row.deleted_at.toISOString() }, after: { deleted_at: null } });
    });
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
    await audited(app.db, requireOperator(request), async (tx, record) => {
      try {
        await reviewRightApplication(tx, { id: String(id), status: decision, reason });
      } catch (error) {
        if (error instanceof RightReviewRefusal) throw conflict(error.message);
        throw error;
      }
      const row = await tx.selectFrom('right_applications').select(['user_id', 'right_code']).where('id', '=', id).executeTakeFirstOrThrow();
      const name = rightName(row.right_code);
      await notifyCreator(
        tx,
        row.user_id,
        `权益申请${decision === 'approved' ? '已通过' : '未通过'}`,
        decision === 'approved' ? `您申请的「${name}」已通过` : `您申请的「${name}」未通过，原因：${reason}`,
      );
      record({
        action: `right.${decision === 'approved' ? 'approve' : 'reject'}`,
        targetType: 'right_application',
        targetId: id,
        before: { status: 'pending' },
        after: { status: decision },
        reason,
      });
    });
    return ok(rightOf(await rightsQuery().where('a.id', '=', id).executeTakeFirstOrThrow()));
  });

  serve(app, contract.scoreDailyBuild, async (request) => {
    const actor = requireOperator(request);
    let message: string;
    try {
      // A rebuild from the day's data under the daily build's own lock (it may wait for a replica's
      // build): the audit row follows it, as it cannot share that lock's transaction.
      message = await scoreDaily(app.db, request.body.date ?? '', new Date(), app.dbEngine);
    } catch (error) {
      if (error instanceof ScoreDayRefusal) throw invalid(`参数错误：${error.message}`);
      throw error;
    }
    await writeAudit(app.db, actor, [{ action: 'score.daily', targetType: 'score', targetId: request.body.date ?? 'today', after: { message } }]);
    return ok({ message });
  });
}
