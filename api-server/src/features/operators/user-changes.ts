/**
 * The changes to a creator's account an operator makes, each with its audit row: the operator API's
 * routes (user-routes.ts) and the command line's direct-database path (cli/commands.ts) both run
 * these inside `audited()`, each with its own actor, so the two paths change and record the same.
 */
import type { Kysely } from 'kysely';
import { IDENTITY } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { revokeUserSessions } from '../../plugins/app/sessions';
import type { OperatorActor } from './actor';
import type { Record } from './audit';
import { notifyCreator } from './notify';
import { isForcedLogout, liftBan, userState } from './users';

type Tx = Kysely<Database>;

/** A new creator account; its id. A phone already registered: 1009 conflict. */
export async function createCreator(tx: Tx, record: Record, o: { phone: string; password: string; nickname: string; verified: boolean }): Promise<number> {
  const nickname = o.nickname.trim();
  const row = await tx
    .insertInto('users')
    .values({
      phone: o.phone,
      password_hash: await hashPassword(o.password),
      nickname,
      identities: JSON.stringify(o.verified ? [IDENTITY.REAL_NAME] : []),
      tools: '[]',
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw conflict(`手机号 ${o.phone} 已注册`);
  record({ action: 'user.create', targetType: 'user', targetId: row.id, after: { phone: o.phone, nickname, verified: o.verified } });
  return row.id;
}

/** Marks a creator real-name verified or not, other identities untouched. */
export async function setCreatorVerified(tx: Tx, record: Record, o: { id: number; verified: boolean; reason: string }): Promise<void> {
  const before = await userState(tx, o.id);
  const user = await tx.selectFrom('users').select('identities').where('id', '=', o.id).executeTakeFirstOrThrow();
  const others = user.identities.filter((identity) => identity !== IDENTITY.REAL_NAME);
  await tx
    .updateTable('users')
    .set({ identities: JSON.stringify(o.verified ? [IDENTITY.REAL_NAME, ...others] : others) })
    .where('id', '=', o.id)
    .execute();
  record({
    action: o.verified ? 'user.verify' : 'user.unverify',
    targetType: 'user',
    targetId: o.id,
    before: { verified: before.verified },
    after: { verified: o.verified },
    reason: o.reason,
  });
}

/**
 * Bans a creator (one ban in force: a new ban replaces the old one, which stays as history). A
 * forced-logout ban ends the sessions (and their upload credentials) in the same transaction.
 * `range` is the normalized range of a type 1 ban.
 */
export async function banCreator(
  tx: Tx,
  record: Record,
  actor: OperatorActor,
  o: { id: number; banType: number; range: string; reason: string; endsAt: Date | null },
): Promise<void> {
  const before = await userState(tx, o.id);
  const reason = o.reason.trim();
  const range = o.banType === 1 ? o.range : '';
  await liftBan(tx, o.id, actor.id);
  const ban = await tx
    .insertInto('bans')
    .values({ user_id: o.id, ban_type: o.banType, ban_range_type: range, reason, ends_at: o.endsAt, created_by: actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (isForcedLogout(o.banType)) await revokeUserSessions(tx, o.id);
  record({
    action: 'user.ban',
    targetType: 'user',
    targetId: o.id,
    before: { ban: before.ban },
    after: { ban: { id: ban.id, ban_type: o.banType, range, reason, ends_at: o.endsAt?.toISOString() ?? null } },
    reason,
  });
}

/** Lifts a creator's ban and tells them. No ban in force: 1009 conflict. */
export async function unbanCreator(tx: Tx, record: Record, actor: OperatorActor, o: { id: number; reason: string }): Promise<void> {
  const before = await userState(tx, o.id);
  const lifted = await liftBan(tx, o.id, actor.id);
  if (!lifted) throw conflict('该用户当前没有封禁');
  await notifyCreator(tx, o.id, '账号封禁已解除', o.reason ? `您的账号封禁已解除。${o.reason}` : '您的账号封禁已解除。');
  record({ action: 'user.unban', targetType: 'user', targetId: o.id, before: { ban: before.ban }, after: { ban: null }, reason: o.reason });
}

/** A creator's tools and short-drama authority (the caller checks the tools are known). */
export async function setCreatorTools(tx: Tx, record: Record, o: { id: number; tools: string[]; shortDrama: boolean }): Promise<void> {
  const before = await userState(tx, o.id);
  await tx
    .updateTable('users')
    .set({ tools: JSON.stringify(o.tools), short_drama_auth: o.shortDrama })
    .where('id', '=', o.id)
    .execute();
  record({
    action: 'user.tools',
    targetType: 'user',
    targetId: o.id,
    before: { tools: before.tools, short_drama: before.short_drama },
    after: { tools: o.tools, short_drama: o.shortDrama },
  });
}

/** Sets a creator's password and ends their sessions (whoever knew the old one may hold one). The password is never recorded. */
export async function resetCreatorPassword(tx: Tx, record: Record, o: { id: number; password: string; reason: string }): Promise<void> {
  await userState(tx, o.id);
  await tx
    .updateTable('users')
    .set({ password_hash: await hashPassword(o.password) })
    .where('id', '=', o.id)
    .execute();
  await revokeUserSessions(tx, o.id);
  record({ action: 'user.reset_password', targetType: 'user', targetId: o.id, after: { sessions_ended: true }, reason: o.reason });
}
