/** The notice screen: GET /api/notice/list and POST /api/notice/read (one, several or all of a type). */
import type { FastifyInstance } from 'fastify';
import { ApiCode, type NoticeItem, ok } from 'shared-sdk/contract';
import { notices as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';

export function registerNoticeList(app: FastifyInstance): void {
  serve(app, contract.noticeList, async (request) => {
    const userId = requireAuth(request).user.id;
    const { type, page = contract.NOTICE_PAGE_DEFAULTS.page, size = contract.NOTICE_PAGE_DEFAULTS.size } = request.query;
    const base = app.db.selectFrom('notices').where('user_id', '=', userId).where('type', '=', type);
    const { count } = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'title', 'body', 'created_at', 'read_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const list: NoticeItem[] = rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.body,
      created_at: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    }));
    return ok({ list, total: Number(count) });
  });

  serve(app, contract.noticeRead, async (request) => {
    const userId = requireAuth(request).user.id;
    const { ids, all, type } = request.body;
    let update = app.db.updateTable('notices').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (all === 1) {
      if (!type) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：全部已读需要 type');
      update = update.where('type', '=', type);
    } else if (ids) {
      update = update.where('id', 'in', ids.split(',').map(Number));
    } else {
      throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：需要 ids 或 all=1');
    }
    await update.execute();
    return ok(null);
  });
}
