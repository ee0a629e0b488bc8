/** Login and logout (docs/product.md §7: POST /login/admin/quit; the login call itself is ours). */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { session as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { hashPassword, verifyPassword } from '../../lib/password';
import { requireAuth } from '../../plugins/app/auth';
import { createSession, revokeSession } from '../../plugins/app/sessions';
import { refuseForcedLogout } from '../bans/forced-logout';
import { WINDOW_MINUTES, admitAttempt, purgeStaleCounters, recordAttempt, settleSuccess } from './throttle';

/** One answer for an unknown phone and a wrong password: the login must not tell which phones have accounts. */
export const LOGIN_FAILED_MESSAGE = '手机号或密码错误';

/**
 * A hash of a random password, made once: an unknown phone is checked against it, so it costs the
 * same scrypt work as a known phone with a wrong password (no timing difference either).
 */
let dummyHash: Promise<string> | undefined;
const unknownUserHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));

const session: FastifyPluginAsync = async (app) => {
  serve(app, contract.login, async (request) => {
    const phone = request.body.phone.trim();
    const now = new Date();
    const refusal = await admitAttempt(app.db, request.ip, phone, now);
    if (refusal?.kind === 'pair') throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, `尝试次数过多，请${WINDOW_MINUTES}分钟后再试`);
    if (refusal) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, `尝试过于频繁，请${refusal.waitSeconds}秒后再试`);

    const user = await app.db.selectFrom('users').select(['id', 'password_hash']).where('phone', '=', phone).executeTakeFirst();
    const valid = await verifyPassword(request.body.password, user?.password_hash ?? (await unknownUserHash()));
    await recordAttempt(app.db, phone, user !== undefined && valid, request.ip);
    await purgeStaleCounters(app.db, now);
    if (!user || !valid) throw new ApiError(ApiCode.LOGIN_FAILED, LOGIN_FAILED_MESSAGE);

    await settleSuccess(app.db, request.ip, phone);
    await refuseForcedLogout(app.db, user.id);
    const { token, expiresAt } = await createSession(app.db, user.id, app.config.tokenTtlHours);
    return ok({ token, expires_at: expiresAt.toISOString() });
  });

  serve(app, contract.logout, async (request) => {
    await revokeSession(app.db, requireAuth(request).sessionId);
    return ok(null);
  });
};

export default session;
