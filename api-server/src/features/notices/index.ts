/** Unread counts for the header badge (spec §7; the badge sums type 0, type 1 and community). */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { type CountData, type NoReadRequest, ok } from 'shared-sdk/contract';
import type { Database, NoticeType } from '../../db/schema';
import { countData, envelope, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { registerNoticeList } from './list-routes';

async function countUnread(db: Kysely<Database>, userId: number, type: NoticeType): Promise<number> {
  const { count } = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg hands over as a string.
  return Number(count);
}

const notices: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: NoReadRequest }>(
    '/api/notice/getMpNoReadNums',
    {
      schema: {
        querystring: objectOf({ type: { type: 'integer', enum: [0, 1] } }),
        response: { 200: envelope(countData) },
      },
    },
    async (request) => {
      const count = await countUnread(app.db, requireAuth(request).user.id, String(request.query.type) as NoticeType);
      return ok<CountData>({ count });
    },
  );

  app.get('/api/notice/getCommunityNoReadNums', { schema: { response: { 200: envelope(countData) } } }, async (request) =>
    ok<CountData>({ count: await countUnread(app.db, requireAuth(request).user.id, 'community') }),
  );

  registerNoticeList(app);
};

export default notices;
