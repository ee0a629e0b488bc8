/** Login and logout (spec §7: POST /login/admin/quit; the login call itself is ours). */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, type LoginAnswer, type LoginRequest, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { verifyPassword } from '../../lib/password';
import { envelope, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { createSession, revokeSession } from '../../plugins/app/sessions';
import { WINDOW_MINUTES, isThrottled, recordAttempt } from './throttle';

const loginBody = objectOf({
  phone: { type: 'string', minLength: 1, maxLength: 32 },
  password: { type: 'string', minLength: 1, maxLength: 128 },
});

const session: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginRequest }>(
    '/login/admin/login',
    {
      config: { auth: 'signed' },
      schema: { body: loginBody, response: { 200: envelope(objectOf({ token: str, expires_at: str })) } },
    },
    async (request) => {
      const phone = request.body.phone.trim();
      if (await isThrottled(app.db, phone)) {
        throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, `尝试次数过多，请${WINDOW_MINUTES}分钟后再试`);
      }
      const user = await app.db.selectFrom('users').select(['id', 'password_hash']).where('phone', '=', phone).executeTakeFirst();
      const valid = user ? await verifyPassword(request.body.password, user.password_hash) : false;
      await recordAttempt(app.db, phone, valid, request.ip);
      if (!user) throw new ApiError(ApiCode.LOGIN_FAILED, '账号不存在');
      if (!valid) throw new ApiError(ApiCode.LOGIN_FAILED, '密码错误');

      const { token, expiresAt } = await createSession(app.db, user.id, app.config.tokenTtlHours);
      return ok<LoginAnswer>({ token, expires_at: expiresAt.toISOString() });
    },
  );

  app.post('/login/admin/quit', { schema: { response: { 200: envelope({ type: 'null' }) } } }, async (request) => {
    await revokeSession(app.db, requireAuth(request).sessionId);
    return ok(null);
  });
};

export default session;
