/** POST /api/ban/appeal: a banned creator appeals their active ban; one open appeal per ban. */
import type { FastifyInstance } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { bans as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { findActiveBan } from '../../plugins/app/guards';

export const APPEAL_LIMITS = contract.APPEAL_LIMITS;
export const APPEAL_MESSAGES = {
  NOT_BANNED: '账号未被封禁，无需申诉',
  ALREADY_OPEN: '您已提交申诉，请等待处理',
  SUBMITTED: '提交成功',
} as const;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}

export function registerAppeal(app: FastifyInstance): void {
  serve(app, contract.banAppeal, async (request) => {
    const { user } = requireAuth(request);
    const reason = request.body.reason.trim();
    if (reason.length < APPEAL_LIMITS.MIN) throw new ApiError(ApiCode.INVALID_PARAMS, `参数错误：申诉理由需 ${APPEAL_LIMITS.MIN}–${APPEAL_LIMITS.MAX} 个字`);
    const ban = await findActiveBan(app.db, user.id);
    if (!ban) throw new ApiError(ApiCode.FORBIDDEN, APPEAL_MESSAGES.NOT_BANNED);
    const open = await app.db.selectFrom('ban_appeals').select('id').where('ban_id', '=', ban.id).where('status', '=', 'open').executeTakeFirst();
    if (open) throw new ApiError(ApiCode.CONFLICT, APPEAL_MESSAGES.ALREADY_OPEN);
    try {
      await app.db.insertInto('ban_appeals').values({ ban_id: ban.id, user_id: user.id, text: reason }).execute();
    } catch (error) {
      // Two submissions at once: the unique partial index lets only one through.
      if (isUniqueViolation(error)) throw new ApiError(ApiCode.CONFLICT, APPEAL_MESSAGES.ALREADY_OPEN);
      throw error;
    }
    return ok(null, APPEAL_MESSAGES.SUBMITTED);
  });
}
