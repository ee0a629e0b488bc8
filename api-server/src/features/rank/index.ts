/**
 * `/rank` (issue 12): `/api/creatorRank/list?period=week|month&type=0..3` answers the top 100 of the
 * list the daily job built, and my own row even when it is below the top 100.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type RankListAnswer, type RankPeriod, ok } from 'shared-sdk/contract';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { rankDay } from './build';
import { myRow, topList } from './query';

const row = objectOf({ position: int, user_id: int, nickname: str, avatar: str, score: { type: 'number' } });
const listQuery = objectOf({ period: { type: 'string', enum: ['week', 'month'], default: 'week' }, type: { type: 'integer', enum: [0, 1, 2, 3], default: 0 } }, []);
const listAnswer = envelope(objectOf({ list: { type: 'array', items: row }, mine: { anyOf: [row, { type: 'null' }] }, day: str }));

const rank: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { period: RankPeriod; type: number } }>(
    '/api/creatorRank/list',
    { schema: { querystring: listQuery, response: { 200: listAnswer } } },
    async (request) => {
      const { user } = requireAuth(request);
      const { period, type } = request.query;
      const [list, mine, day] = await Promise.all([topList(app.db, period, type), myRow(app.db, period, type, user.id), rankDay(app.db)]);
      return ok<RankListAnswer>({ list, mine, day });
    },
  );
};

export default rank;
