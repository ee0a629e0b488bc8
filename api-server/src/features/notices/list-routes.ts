/** The notice screen: GET /api/notice/list and POST /api/notice/read (one, several or all of a type). */
import type { FastifyInstance } from 'fastify';
import { ApiCode, NOTICE_TABS_ORDER, type NoticeItem, ok } from 'shared-sdk/contract';
import type { NoticeType } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { bool, envelope, idList, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';

const NOTICE_TYPES: readonly NoticeType[] = NOTICE_TABS_ORDER;
const typeSchema = { type: 'string', enum: NOTICE_TYPES };


const listQuery = objectOf(
  { type: typeSchema, page: { type: 'integer', minimum: 1, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
  ['type'],
);
const listAnswer = objectOf({
  list: { type: 'array', items: objectOf({ id: int, title: str, content: str, created_at: str, read: bool }) },
  total: int,
});
const readBody = objectOf({ ids: idList(1000), all: { type: 'integer', enum: [1] }, type: typeSchema }, []);

export function registerNoticeList(app: FastifyInstance): void {
  app.get<{ Querystring: { type: NoticeType; page: number; size: number } }>(
    '/api/notice/list',
    { schema: { querystring: listQuery, response: { 200: envelope(listAnswer) } } },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { type, page, size } = request.query;
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
    },
  );

  app.post<{ Body: { ids?: string; all?: number; type?: NoticeType } }>(
    '/api/notice/read',
    { schema: { body: readBody, response: { 200: envelope({ type: 'null' }) } } },
    async (request) => {
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
    },
  );
}
