/** Settings: POST /api/user/update (nickname) and POST /api/user/password (other sessions revoked). */
import type { FastifyInstance } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { account as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { hashPassword, verifyPassword } from '../../lib/password';
import { requireAuth } from '../../plugins/app/auth';

export const NICKNAME_MAX = 20;
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;
export const PROFILE_MESSAGES = {
  BAD_NICKNAME: `参数错误：昵称需 1–${NICKNAME_MAX} 个字`,
  BAD_PASSWORD: '参数错误：新密码需 8–32 位，且包含字母和数字',
  WRONG_PASSWORD: '当前密码错误',
} as const;

export function registerProfileRoutes(app: FastifyInstance): void {
  serve(app, contract.updateNickname, async (request) => {
    const { user } = requireAuth(request);
    const nickname = request.body.nickname.trim();
    if (nickname.length < 1 || [...nickname].length > NICKNAME_MAX) throw new ApiError(ApiCode.INVALID_PARAMS, PROFILE_MESSAGES.BAD_NICKNAME);
    await app.db.updateTable('users').set({ nickname }).where('id', '=', user.id).execute();
    return ok(null, '保存成功');
  });

  serve(app, contract.changePassword, async (request) => {
    const { user, sessionId } = requireAuth(request);
    const { old_password: current, new_password: next } = request.body;
    if (!PASSWORD_RULE.test(next)) throw new ApiError(ApiCode.INVALID_PARAMS, PROFILE_MESSAGES.BAD_PASSWORD);
    if (!(await verifyPassword(current, user.password_hash))) throw new ApiError(ApiCode.FORBIDDEN, PROFILE_MESSAGES.WRONG_PASSWORD);
    const hash = await hashPassword(next);
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
      // Everywhere else is logged out; the session that changed the password stays.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', user.id)
        .where('id', '!=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
    return ok(null, '密码已修改');
  });
}
