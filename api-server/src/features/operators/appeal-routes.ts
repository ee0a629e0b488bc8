/** Ban appeals: the list with the ban each contests, and the decision (lift or keep, with a reply the creator receives). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { type Appeal, ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { audited } from './audit';
import { notifyCreator } from './notify';
import { banInfoOf } from './users';

/** The table keeps the statuses it was made with: accepted = the ban was lifted, rejected = kept. */
const TO_STORED = { open: 'open', lifted: 'accepted', kept: 'rejected' } as const;
const FROM_STORED: Record<string, Appeal['status']> = { open: 'open', accepted: 'lifted', rejected: 'kept' };

function appealsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ban_appeals as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('bans as b', 'b.id', 'a.ban_id')
    .leftJoin('operators as o', 'o.id', 'b.created_by')
    .leftJoin('operators as d', 'd.id', 'a.decided_by')
    .select([
      'a.id as appeal_id',
      'a.text',
      'a.status as appeal_status',
      'a.reply',
      'a.decided_at',
      'a.created_at as appeal_created_at',
      'd.name as decided_by_name',
      'u.id as uid',
      'u.phone',
      'u.nickname',
      'b.id',
      'b.ban_type',
      'b.ban_range_type',
      'b.reason',
      'b.active',
      'b.created_at',
      'b.ends_at',
      'b.lifted_at',
      'o.name as created_by_name',
    ]);
}

type AppealRow = Awaited<ReturnType<ReturnType<typeof appealsQuery>['executeTakeFirstOrThrow']>>;

const appealOf = (r: AppealRow): Appeal => ({
  id: r.appeal_id,
  creator: { id: r.uid, phone: r.phone, nickname: r.nickname },
  text: r.text,
  status: FROM_STORED[r.appeal_status] ?? 'open',
  ban: banInfoOf(r),
  reply: r.reply,
  decided_by: r.decided_by_name,
  decided_at: r.decided_at?.toISOString() ?? null,
  created_at: r.appeal_created_at.toISOString(),
});

export function registerAppealRoutes(app: FastifyInstance): void {
  serve(app, contract.appealList, async (request) => {
    const { status = 'open', page = 1, size = 20 } = request.query;
    const stored = TO_STORED[status];
    const [rows, total] = await Promise.all([
      appealsQuery(app.db)
        .where('a.status', '=', stored)
        // Open ones oldest first (a queue); decided ones newest first (a history).
        .orderBy('a.created_at', status === 'open' ? 'asc' : 'desc')
        .orderBy('a.id', status === 'open' ? 'asc' : 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      app.db
        .selectFrom('ban_appeals')
        .select(sql<string>`count(*)`.as('n'))
        .where('status', '=', stored)
        .executeTakeFirstOrThrow(),
    ]);
    return ok({ list: rows.map(appealOf), total: Number(total.n), page, size });
  });

  serve(app, contract.appealDecide, async (request) => {
    const actor = requireOperator(request);
    const { id, decision } = request.body;
    const reply = request.body.reply.trim();
    await audited(app.db, actor, async (tx, record) => {
      const appeal = await tx.selectFrom('ban_appeals').select(['id', 'status', 'ban_id', 'user_id']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!appeal) throw notFound('申诉不存在');
      if (appeal.status !== 'open') throw conflict('该申诉已处理');
      await tx
        .updateTable('ban_appeals')
        .set({ status: decision === 'lift' ? TO_STORED.lifted : TO_STORED.kept, reply, decided_by: actor.id, decided_at: new Date() })
        .where('id', '=', id)
        .execute();
      if (decision === 'lift') {
        await tx
          .updateTable('bans')
          .set({ active: false, lifted_at: new Date(), lifted_by: actor.id })
          .where('id', '=', appeal.ban_id)
          .where('active', '=', true)
          .execute();
      }
      await notifyCreator(
        tx,
        appeal.user_id,
        decision === 'lift' ? '申诉已通过，封禁已解除' : '申诉未通过',
        decision === 'lift' ? `您的申诉已通过，账号封禁已解除。回复：${reply}` : `您的申诉未通过，封禁维持不变。回复：${reply}`,
      );
      record({
        action: `appeal.${decision}`,
        targetType: 'appeal',
        targetId: id,
        before: { status: 'open' },
        after: { status: decision === 'lift' ? 'lifted' : 'kept', ban_lifted: decision === 'lift' },
        reason: reply,
      });
    });
    return ok(appealOf(await appealsQuery(app.db).where('a.id', '=', id).executeTakeFirstOrThrow()));
  });
}
