/**
 * `/rights` (docs/product.md §2): `/api/rights/index` answers my level, what the next one misses and each
 * right's state; `/api/rights/apply` (code) files an application the operator reviews with
 * `admin right-review`. The server checks every rule the page shows.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { rights as contract } from 'shared-sdk/contract/schemas';
import { ApiError, MESSAGES } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert } from '../../plugins/app/guards';
import { dayOf } from '../score/calendar';
import { todayScore } from '../score/snapshots';
import { latestApplications, rightsFactsOf, rightsView } from './status';

const rights: FastifyPluginAsync = async (app) => {
  const viewOf = async (user: Parameters<typeof rightsFactsOf>[1]) => {
    const now = app.scoreClock.now();
    const today = await todayScore(app.db, user.id, dayOf(now), now);
    const facts = await rightsFactsOf(app.db, user, today);
    return rightsView(facts, await latestApplications(app.db, user.id));
  };

  serve(app, contract.rightsIndex, async (request) => ok(await viewOf(requireAuth(request).user)));

  serve(app, contract.rightsApply, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    const view = await viewOf(user);
    const right = view.rights.find((r) => r.code === request.body.code);
    if (!right) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：权益不存在');
    if (right.state === 'pending') throw new ApiError(ApiCode.CONFLICT, '该权益正在审核中，请耐心等待');
    if (right.state === 'approved') throw new ApiError(ApiCode.CONFLICT, '该权益已开通');
    if (right.state === 'locked') {
      if (right.missing.includes('账号封禁期间不能申请')) throw new ApiError(ApiCode.BANNED, MESSAGES.BANNED);
      throw new ApiError(ApiCode.FORBIDDEN, `暂不满足申请条件：${right.missing.join('，')}`);
    }
    // The partial unique index refuses a second live application even from two racing requests.
    const inserted = await app.db
      .insertInto('right_applications')
      .values({ user_id: user.id, right_code: right.code })
      .onConflict((oc) => oc.columns(['user_id', 'right_code']).where('status', 'in', ['pending', 'approved']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new ApiError(ApiCode.CONFLICT, '该权益正在审核中，请耐心等待');
    return ok(await viewOf(user), '申请已提交，请等待审核');
  });
};

export default rights;
