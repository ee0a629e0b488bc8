/** The console's sign-in (password, then TOTP; enrolment once), session, sign-out and password change. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { OPERATOR_SESSION_COOKIE } from 'shared-sdk/contract/operator-roles';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { changeOperatorPassword, enrolTotp, selfOf, signInWithPassword, verifyTotpCode } from './accounts';
import { audited } from './audit';

/** Path of the cookie: the operator calls only (the console's pages never need it, nor does any creator call). */
const COOKIE_PATH = '/api/operator';

function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date | null, secure: boolean): void {
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) : 0;
  const parts = [`${OPERATOR_SESSION_COOKIE}=${encodeURIComponent(token)}`, `Path=${COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

export function registerSessionRoutes(app: FastifyInstance): void {
  // Behind TLS (production), the cookie is sent over HTTPS only.
  const secure = app.config.production;
  // Sign-in steps are throttled by their own counters (accounts.ts); this keeps floods off scrypt.
  const signInLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };

  serve(
    app,
    contract.operatorSignIn,
    async (request) => ok(await signInWithPassword(app.db, request.ip, request.body.name.trim(), request.body.password)),
    signInLimit,
  );

  serve(app, contract.operatorTotpEnrol, async (request) => ok(await enrolTotp(app.db, request.body.challenge)), signInLimit);

  serve(
    app,
    contract.operatorVerifyTotp,
    async (request, reply) => {
      const { token, expiresAt, actor } = await verifyTotpCode(app.db, request.ip, request.body.challenge, request.body.code, app.config.operatorSessionHours);
      setSessionCookie(reply, token, expiresAt, secure);
      return ok({ token, expires_at: expiresAt.toISOString(), operator: selfOf(actor) });
    },
    signInLimit,
  );

  serve(app, contract.operatorSession, async (request) => ok(selfOf(requireOperator(request))));

  serve(app, contract.operatorSignOut, async (request, reply) => {
    const actor = requireOperator(request);
    await audited(app.db, actor, async (tx, record) => {
      await tx
        .updateTable('operator_sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', actor.credentialId ?? 0)
        .where('revoked_at', 'is', null)
        .execute();
      record({ action: actor.via === 'token' ? 'token.sign_out' : 'operator.sign_out', targetType: 'operator', targetId: actor.id ?? '' });
    });
    setSessionCookie(reply, '', new Date(0), secure);
    return ok(null, '已退出登录');
  });

  serve(app, contract.operatorChangePassword, async (request) => {
    const actor = requireOperator(request);
    await audited(app.db, actor, async (tx, record) => {
      await changeOperatorPassword(tx, actor, request.body.old_password, request.body.new_password);
      record({ action: 'operator.password', targetType: 'operator', targetId: actor.id ?? '', after: { other_sessions_ended: true } });
    });
    return ok(null, '密码已修改');
  });
}
