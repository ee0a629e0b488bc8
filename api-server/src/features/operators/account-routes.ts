/** Operator accounts (admins) and personal tokens (each operator's own). */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { conflict, invalid } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import {
  OPERATOR_MESSAGES,
  PERSONAL_TOKEN_DEFAULT_DAYS,
  accountOf,
  findOperator,
  insertOperator,
  insertPersonalToken,
  liveCredentials,
  newPassword,
  listPersonalTokens,
  otherEnabledAdmins,
  revokeCredentials,
  revokePersonalToken,
} from './accounts';
import { audited } from './audit';

export function registerAccountRoutes(app: FastifyInstance): void {
  serve(app, contract.operatorList, async () => {
    const rows = await app.db.selectFrom('operators').selectAll().orderBy('id').execute();
    return ok(rows.map(accountOf));
  });

  serve(app, contract.operatorAdd, async (request) => {
    const { name, role } = request.body;
    return audited(app.db, requireOperator(request), async (tx, record) => {
      const { row, password } = await insertOperator(tx, { name, role, withTotp: false });
      record({ action: 'operator.add', targetType: 'operator', targetId: row.id, after: accountOf(row) });
      return ok({ operator: accountOf(row), initial_password: password }, '已添加，初始密码只显示这一次');
    });
  });

  serve(app, contract.operatorDisable, async (request) => {
    const actor = requireOperator(request);
    const { id, disabled, reason = '' } = request.body;
    return audited(app.db, actor, async (tx, record) => {
      const before = await findOperator(tx, id);
      if (disabled && id === actor.id) throw conflict('不能停用自己的账号');
      if (before.disabled === disabled) throw conflict(disabled ? '该账号已停用' : '该账号未停用');
      if (disabled && before.role === 'admin' && (await otherEnabledAdmins(tx, id)) === 0) throw conflict('至少保留一个启用的管理员');
      const after = await tx.updateTable('operators').set({ disabled }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      // A disabled account's sessions and tokens end at once (the lookup refuses them anyway).
      if (disabled) await revokeCredentials(tx, id);
      record({
        action: disabled ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: id,
        before: accountOf(before),
        after: accountOf(after),
        reason,
      });
      return ok(accountOf(after));
    });
  });

  serve(app, contract.operatorSetRole, async (request) => {
    const actor = requireOperator(request);
    const { id, role, reason = '' } = request.body;
    return audited(app.db, actor, async (tx, record) => {
      const before = await findOperator(tx, id);
      // An admin does not demote themself: another admin does it, so nobody locks themself out.
      if (id === actor.id) throw conflict('不能修改自己的角色');
      if (before.role === role) throw conflict('该操作员已是此角色');
      if (before.role === 'admin' && role !== 'admin' && !before.disabled && (await otherEnabledAdmins(tx, id)) === 0)
        throw conflict('至少保留一个启用的管理员');
      const after = await tx.updateTable('operators').set({ role }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      record({ action: 'operator.role', targetType: 'operator', targetId: id, before: { role: before.role }, after: { role: after.role }, reason });
      return ok(accountOf(after));
    });
  });

  serve(app, contract.operatorResetTotp, async (request) => {
    const actor = requireOperator(request);
    const { id, reason = '' } = request.body;
    return audited(app.db, actor, async (tx, record) => {
      const before = await findOperator(tx, id);
      // Resetting one's own second factor would end the session doing it with no way back in but another admin.
      if (id === actor.id) throw conflict('不能重置自己的身份验证器，请联系其他管理员');
      // No secret yet: the next sign-in enrols anyway, so nothing would change.
      if (!before.totp_secret) throw conflict('该操作员尚未绑定身份验证器，下次登录时即会绑定');
      const after = await tx
        .updateTable('operators')
        .set({ totp_secret: null, totp_enrolled: false })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await revokeCredentials(tx, id, { sessionsOnly: true });
      record({
        action: 'operator.totp_reset',
        targetType: 'operator',
        targetId: id,
        before: { totp_enrolled: before.totp_enrolled },
        after: { totp_enrolled: false },
        reason,
      });
      return ok(accountOf(after));
    });
  });

  serve(app, contract.operatorResetPassword, async (request) => {
    const actor = requireOperator(request);
    const { id } = request.body;
    const reason = request.body.reason.trim();
    if (!reason) throw invalid('参数错误：请填写原因');
    return audited(app.db, actor, async (tx, record) => {
      const before = await findOperator(tx, id);
      if (id === actor.id) throw conflict('不能重置自己的密码，请在“我的账号”中修改');
      const password = newPassword();
      const after = await tx
        .updateTable('operators')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Whoever knew the old password may hold a session: they end (personal tokens stay, as at a password change).
      const sessions = await liveCredentials(tx, id);
      await revokeCredentials(tx, id, { sessionsOnly: true });
      record({
        action: 'operator.password_reset',
        targetType: 'operator',
        targetId: id,
        before: { ...accountOf(before), live_sessions: sessions.sessions },
        after: { ...accountOf(after), live_sessions: 0, password: 'reset' },
        reason,
      });
      return ok({ operator: accountOf(after), password }, '新密码只显示这一次');
    });
  });

  serve(app, contract.operatorRevokeSessions, async (request) => {
    const actor = requireOperator(request);
    const { id, tokens = false } = request.body;
    const reason = request.body.reason.trim();
    if (!reason) throw invalid('参数错误：请填写原因');
    return audited(app.db, actor, async (tx, record) => {
      const before = await findOperator(tx, id);
      if (id === actor.id) throw conflict('不能结束自己的登录，请使用退出登录');
      const live = await liveCredentials(tx, id);
      const ending = { sessions: live.sessions, tokens: tokens ? live.tokens : 0 };
      // Nothing live: nothing changes, so no row either.
      if (!ending.sessions && !ending.tokens) throw conflict(tokens ? '该操作员没有有效的登录或个人令牌' : '该操作员没有有效的登录');
      await revokeCredentials(tx, id, { sessionsOnly: !tokens });
      record({
        action: 'operator.sessions_revoke',
        targetType: 'operator',
        targetId: id,
        before: { live_sessions: live.sessions, live_tokens: live.tokens },
        after: { live_sessions: 0, live_tokens: live.tokens - ending.tokens },
        reason,
      });
      return ok({ operator: accountOf(before), ...ending });
    });
  });

  serve(app, contract.operatorTokenCreate, async (request) => {
    const actor = requireOperator(request);
    const days = request.body.expires_days ?? PERSONAL_TOKEN_DEFAULT_DAYS;
    // The schema refuses it absent or empty; a blank one would be a row nobody can tell apart.
    if (!request.body.name.trim()) throw invalid(OPERATOR_MESSAGES.TOKEN_NAME_REQUIRED);
    return audited(app.db, actor, async (tx, record) => {
      const created = await insertPersonalToken(tx, actor.id ?? 0, request.body.name, days);
      record({ action: 'token.create', targetType: 'token', targetId: created.info.id, after: created.info });
      return ok(created, '令牌只显示这一次，请妥善保存');
    });
  });

  serve(app, contract.operatorTokenList, async (request) => ok(await listPersonalTokens(app.db, requireOperator(request).id ?? 0)));

  serve(app, contract.operatorTokenRevoke, async (request) => {
    const actor = requireOperator(request);
    return audited(app.db, actor, async (tx, record) => {
      const { before, after } = await revokePersonalToken(tx, request.body.id, actor.role === 'admin' ? null : (actor.id ?? 0));
      record({ action: 'token.revoke', targetType: 'token', targetId: after.id, before, after });
      return ok(after);
    });
  });
}
