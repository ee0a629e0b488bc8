/** The operator commands. Each returns the line to print, or throws CliRefusal with the reason. */
import type { Kysely } from 'kysely';
import { IDENTITY } from 'shared-sdk/contract';
import type { Database, UserRow } from '../db/schema';
import { hashPassword } from '../lib/password';
import { revokeUserSessions } from '../plugins/app/sessions';

export class CliRefusal extends Error {}

type Db = Kysely<Database>;

const PHONE = /^\d{5,20}$/;
const MIN_PASSWORD = 6;

function checkPhone(phone: string): void {
  if (!PHONE.test(phone)) throw new CliRefusal(`"${phone}" is not a phone number (digits only).`);
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new CliRefusal(`The password must have at least ${MIN_PASSWORD} characters.`);
}

async function findUser(db: Db, phone: string): Promise<UserRow> {
  checkPhone(phone);
  const user = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new CliRefusal(`No account with phone ${phone}.`);
  return user;
}

export async function createUser(db: Db, o: { phone: string; password: string; nickname: string; verified: boolean }): Promise<string> {
  checkPhone(o.phone);
  checkPassword(o.password);
  if (!o.nickname.trim()) throw new CliRefusal('The nickname must not be empty.');
  const row = await db
    .insertInto('users')
    .values({
      phone: o.phone,
      password_hash: await hashPassword(o.password),
      nickname: o.nickname.trim(),
      identities: JSON.stringify(o.verified ? [IDENTITY.REAL_NAME] : []),
      tools: '[]',
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new CliRefusal(`An account with phone ${o.phone} already exists.`);
  return `Created account ${o.phone} (id ${row.id})${o.verified ? ', real-name verified' : ''}.`;
}

export async function setVerified(db: Db, phone: string, verified: boolean): Promise<string> {
  const user = await findUser(db, phone);
  const others = user.identities.filter((identity) => identity !== IDENTITY.REAL_NAME);
  const identities = verified ? [IDENTITY.REAL_NAME, ...others] : others;
  await db
    .updateTable('users')
    .set({ identities: JSON.stringify(identities) })
    .where('id', '=', user.id)
    .execute();
  return `${phone} is now ${verified ? 'real-name verified' : 'not verified'}.`;
}

export async function ban(db: Db, o: { phone: string; type: string; range: string; reason: string }): Promise<string> {
  const user = await findUser(db, o.phone);
  if (o.type !== '1' && o.type !== '2') throw new CliRefusal('--type must be 1 (blocks creation in --range) or 2 (forced logout).');
  const range = o.range
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (o.type === '1' && (!range.length || range.some((code) => code !== '1' && code !== '3'))) {
    throw new CliRefusal('A type 1 ban needs --range with codes 1 (articles, videos, galleries, collections) and/or 3 (posts), e.g. "1,3".');
  }
  if (!o.reason.trim()) throw new CliRefusal('--reason must not be empty: the creator is shown it.');
  await db.transaction().execute(async (tx) => {
    // One ban in force per user: a new ban replaces the old one, which stays as history.
    await tx.updateTable('bans').set({ active: false, lifted_at: new Date() }).where('user_id', '=', user.id).where('active', '=', true).execute();
    await tx
      .insertInto('bans')
      .values({ user_id: user.id, ban_type: Number(o.type), ban_range_type: range.join(','), reason: o.reason.trim() })
      .execute();
    // Forced logout: the sessions (and the upload credentials bound to them) end with the ban, in
    // the same transaction. The auth check refuses a forced-out user's calls even without this.
    if (o.type === '2') await revokeUserSessions(tx, user.id);
  });
  return o.type === '2' ? `${o.phone} is banned and logged out everywhere.` : `${o.phone} is banned from range ${range.join(',')}.`;
}

export async function unban(db: Db, phone: string): Promise<string> {
  const user = await findUser(db, phone);
  const result = await db
    .updateTable('bans')
    .set({ active: false, lifted_at: new Date() })
    .where('user_id', '=', user.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new CliRefusal(`${phone} is not banned.`);
  return `${phone} is no longer banned.`;
}

export async function resetPassword(db: Db, phone: string, password: string): Promise<string> {
  const user = await findUser(db, phone);
  checkPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .execute();
  // Whoever knew the old password may hold a session: end them all.
  await revokeUserSessions(db, user.id);
  return `Password of ${phone} reset; existing sessions were logged out.`;
}

export async function listUsers(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('bans', (join) => join.onRef('bans.user_id', '=', 'users.id').on('bans.active', '=', true))
    .select(['users.id', 'users.phone', 'users.nickname', 'users.identities', 'bans.ban_type', 'bans.ban_range_type'])
    .orderBy('users.id')
    .execute();
  if (!rows.length) return 'No accounts.';
  const lines = rows.map((row) => {
    const verified = row.identities.includes(IDENTITY.REAL_NAME) ? 'verified' : 'unverified';
    const banned = row.ban_type ? `banned type ${row.ban_type}${row.ban_range_type ? ` range ${row.ban_range_type}` : ''}` : '';
    return [String(row.id).padStart(4), row.phone.padEnd(13), verified.padEnd(10), banned.padEnd(22), row.nickname].join('  ');
  });
  return ['  id  phone          real-name   ban                     nickname', ...lines].join('\n');
}
