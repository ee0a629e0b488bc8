/**
 * The operator commands on the database directly. Each returns the line to print, or throws
 * CliRefusal with the reason; each change writes the operator API's audit row, as `cli:<OS user>`.
 */
import type { Kysely } from 'kysely';
import { IDENTITY } from 'shared-sdk/contract';
import type { Database, UserRow } from '../db/schema';
import { type Record, audited, cliActor } from '../features/operators/audit';
import { decideRightApplication } from '../features/operators/task-changes';
import { RightReviewRefusal } from '../features/rights/review';
import { banCreator, createCreator, resetCreatorPassword, setCreatorVerified, unbanCreator } from '../features/operators/user-changes';
import { ApiError } from '../lib/api-error';

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

/**
 * Runs one change on the database as the command line (`cliActor`: `cli:<OS user>`), through the
 * same function the operator API's route runs, so it writes the same audit row in the same
 * transaction. The API's refusals (its Chinese message) become the command line's.
 */
export async function asCli<T>(db: Db, change: (tx: Db, record: Record) => Promise<T>): Promise<T> {
  try {
    return await audited(db, cliActor(), change);
  } catch (error) {
    if (error instanceof ApiError) throw new CliRefusal(error.message);
    throw error;
  }
}

export async function createUser(db: Db, o: { phone: string; password: string; nickname: string; verified: boolean }): Promise<string> {
  checkPhone(o.phone);
  checkPassword(o.password);
  if (!o.nickname.trim()) throw new CliRefusal('The nickname must not be empty.');
  const exists = await db.selectFrom('users').select('id').where('phone', '=', o.phone).executeTakeFirst();
  if (exists) throw new CliRefusal(`An account with phone ${o.phone} already exists.`);
  const id = await asCli(db, (tx, record) => createCreator(tx, record, o));
  return `Created account ${o.phone} (id ${id})${o.verified ? ', real-name verified' : ''}.`;
}

export async function setVerified(db: Db, phone: string, verified: boolean, reason = ''): Promise<string> {
  const user = await findUser(db, phone);
  await asCli(db, (tx, record) => setCreatorVerified(tx, record, { id: user.id, verified, reason: reason.trim() }));
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
  // As the API stores it: each code once, in order.
  const normalized = [...new Set(range)].sort().join(',');
  await asCli(db, (tx, record) =>
    banCreator(tx, record, cliActor(), { id: user.id, banType: Number(o.type), range: normalized, reason: o.reason, endsAt: null }),
  );
  return o.type === '2' ? `${o.phone} is banned and logged out everywhere.` : `${o.phone} is banned from range ${normalized}.`;
}

export async function unban(db: Db, phone: string, reason = ''): Promise<string> {
  const user = await findUser(db, phone);
  const active = await db.selectFrom('bans').select('id').where('user_id', '=', user.id).where('active', '=', true).executeTakeFirst();
  if (!active) throw new CliRefusal(`${phone} is not banned.`);
  await asCli(db, (tx, record) => unbanCreator(tx, record, cliActor(), { id: user.id, reason: reason.trim() }));
  return `${phone} is no longer banned.`;
}

export async function resetPassword(db: Db, phone: string, password: string, reason = ''): Promise<string> {
  const user = await findUser(db, phone);
  checkPassword(password);
  await asCli(db, (tx, record) => resetCreatorPassword(tx, record, { id: user.id, password, reason: reason.trim() }));
  return `Password of ${phone} reset; existing sessions were logged out.`;
}

/** `right-review`: approves or rejects a pending rights application (a rejection needs the reason the creator reads). */
export async function reviewRight(db: Db, o: { id: string; status: string; reason: string }): Promise<string> {
  const id = Number(o.id);
  if (!/^[1-9]\d{0,9}$/.test(o.id) || id > 2_147_483_647) throw new RightReviewRefusal(`"${o.id}" is not an application id.`);
  if (o.status !== 'approved' && o.status !== 'rejected') throw new RightReviewRefusal('--status must be approved or rejected.');
  return asCli(db, (tx, record) => decideRightApplication(tx, record, { id, decision: o.status as 'approved' | 'rejected', reason: o.reason }));
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
