/** Users: find, see, create, verify, ban, unban, set tools, reset the password. Every change audited. */
import type { FastifyInstance } from 'fastify';
import { IDENTITY, ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { conflict, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { hashPassword } from '../../lib/password';
import { requireOperator } from '../../plugins/app/operator-auth';
import { revokeUserSessions } from '../../plugins/app/sessions';
import { TOOL_CATALOGUE } from '../tools/catalogue';
import { audited } from './audit';
import { notifyCreator } from './notify';
import { isForcedLogout, liftBan, oneTimeCode, searchUsers, userDetail, userState } from './users';

export function registerUserRoutes(app: FastifyInstance): void {
  serve(app, contract.userSearch, async (request) => {
    const { q = '', page = 1, size = 20 } = request.query;
    return ok(await searchUsers(app.db, q, page, size));
  });

  serve(app, contract.userDetail, async (request) => ok(await userDetail(app.db, app.storage, request.query.id)));

  serve(app, contract.userCreate, async (request) => {
    const { phone, password, nickname, verified = false } = request.body;
    const id = await audited(app.db, requireOperator(request), async (tx, record) => {
      const row = await tx
        .insertInto('users')
        .values({
          phone,
          password_hash: await hashPassword(password),
          nickname: nickname.trim(),
          identities: JSON.stringify(verified ? [IDENTITY.REAL_NAME] : []),
          tools: '[]',
        })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw conflict(`手机号 ${phone} 已注册`);
      record({ action: 'user.create', targetType: 'user', targetId: row.id, after: { phone, nickname: nickname.trim(), verified } });
      return row.id;
    });
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userVerify, async (request) => {
    const { id, verified, reason = '' } = request.body;
    await audited(app.db, requireOperator(request), async (tx, record) => {
      const before = await userState(tx, id);
      const user = await tx.selectFrom('users').select('identities').where('id', '=', id).executeTakeFirstOrThrow();
      const others = user.identities.filter((identity) => identity !== IDENTITY.REAL_NAME);
      await tx
        .updateTable('users')
        .set({ identities: JSON.stringify(verified ? [IDENTITY.REAL_NAME, ...others] : others) })
        .where('id', '=', id)
        .execute();
      record({
        action: verified ? 'user.verify' : 'user.unverify',
        targetType: 'user',
        targetId: id,
        before: { verified: before.verified },
        after: { verified },
        reason,
      });
    });
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userBan, async (request) => {
    const actor = requireOperator(request);
    const { id, ban_type: banType, reason } = request.body;
    const range = (request.body.range ?? '').split(',').filter(Boolean).sort().join(',');
    if (banType === 1 && !range) throw invalid('参数错误：类型1的封禁须选择封禁范围');
    const endsAt = request.body.ends_at ? new Date(request.body.ends_at) : null;
    if (endsAt && endsAt.getTime() <= Date.now()) throw invalid('参数错误：封禁结束时间须晚于现在');
    await audited(app.db, actor, async (tx, record) => {
      const before = await userState(tx, id);
      // One ban in force per user: a new ban replaces the old one, which stays as history.
      await liftBan(tx, id, actor.id);
      const ban = await tx
        .insertInto('bans')
        .values({ user_id: id, ban_type: banType, ban_range_type: banType === 1 ? range : '', reason: reason.trim(), ends_at: endsAt, created_by: actor.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Forced logout: the sessions (and their upload credentials) end with the ban, in this transaction.
      if (isForcedLogout(banType)) await revokeUserSessions(tx, id);
      record({
        action: 'user.ban',
        targetType: 'user',
        targetId: id,
        before: { ban: before.ban },
        after: { ban: { id: ban.id, ban_type: banType, range: banType === 1 ? range : '', reason: reason.trim(), ends_at: endsAt?.toISOString() ?? null } },
        reason: reason.trim(),
      });
    });
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userUnban, async (request) => {
    const actor = requireOperator(request);
    const { id, reason = '' } = request.body;
    await audited(app.db, actor, async (tx, record) => {
      const before = await userState(tx, id);
      const lifted = await liftBan(tx, id, actor.id);
      if (!lifted) throw conflict('该用户当前没有封禁');
      await notifyCreator(tx, id, '账号封禁已解除', reason ? `您的账号封禁已解除。${reason}` : '您的账号封禁已解除。');
      record({ action: 'user.unban', targetType: 'user', targetId: id, before: { ban: before.ban }, after: { ban: null }, reason });
    });
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userTools, async (request) => {
    const { id, short_drama: shortDrama } = request.body;
    const tools = [...new Set(request.body.tools)];
    const unknown = tools.filter((tool) => !TOOL_CATALOGUE[tool]);
    if (unknown.length) throw invalid(`参数错误：未知的工具 ${unknown.join('、')}（可选：${Object.keys(TOOL_CATALOGUE).join('、')}）`);
    await audited(app.db, requireOperator(request), async (tx, record) => {
      const before = await userState(tx, id);
      await tx
        .updateTable('users')
        .set({ tools: JSON.stringify(tools), short_drama_auth: shortDrama })
        .where('id', '=', id)
        .execute();
      record({
        action: 'user.tools',
        targetType: 'user',
        targetId: id,
        before: { tools: before.tools, short_drama: before.short_drama },
        after: { tools, short_drama: shortDrama },
      });
    });
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userResetPassword, async (request) => {
    const { id, reason = '' } = request.body;
    const code = oneTimeCode();
    await audited(app.db, requireOperator(request), async (tx, record) => {
      await userState(tx, id);
      await tx
        .updateTable('users')
        .set({ password_hash: await hashPassword(code) })
        .where('id', '=', id)
        .execute();
      // Whoever knew the old password may hold a session: end them all.
      await revokeUserSessions(tx, id);
      // The code itself is never recorded.
      record({ action: 'user.reset_password', targetType: 'user', targetId: id, after: { sessions_ended: true }, reason });
    });
    return ok({ code }, '新密码只显示这一次');
  });
}
