/**
 * `/rank` (docs/product.md §2): `/api/creatorRank/list?period=week|month&type=0..3` answers the top 100 of the
 * list the daily job built, and my own row even when it is below the top 100.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { rank as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { rankDay } from './build';
import { myRow, topList } from './query';

const rank: FastifyPluginAsync = async (app) => {
  serve(app, contract.rankList, async (request) => {
    const { user } = requireAuth(request);
    const { period = contract.RANK_DEFAULTS.period, type = contract.RANK_DEFAULTS.type } = request.query;
    const [list, mine, day] = await Promise.all([topList(app.db, period, type), myRow(app.db, period, type, user.id), rankDay(app.db)]);
    return ok({ list, mine, day });
  });
};

export default rank;
