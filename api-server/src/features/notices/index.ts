/** Unread counts for the header badge (docs/product.md §7; the badge sums type 0, type 1 and community). */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from 'shared-sdk/contract';
import { notices as contract } from 'shared-sdk/contract/schemas';
import type { Database, NoticeType } from '../../db/schema';
import { serve } from '../../lib/contract-route';
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
  serve(app, contract.noticeNoReadNums, async (request) =>
    ok({ count: await countUnread(app.db, requireAuth(request).user.id, String(request.query.type) as NoticeType) }),
  );

  serve(app, contract.noticeCommunityNoReadNums, async (request) => ok({ count: await countUnread(app.db, requireAuth(request).user.id, 'community') }));

  registerNoticeList(app);
};

export default notices;
