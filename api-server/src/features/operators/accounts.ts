/**
 * Operator accounts, their credentials and the two-step sign-in, on the database. The routes
 * (session-routes.ts, account-routes.ts) and the command line's bootstrap (cli/operator-commands.ts)
 * call these; whatever changes an account is written through `audited` by its caller.
 *
 * Credentials: an opaque random token goes to the operator, only its sha256 is stored (as for
 * creators' sessions, whose hash function this reuses). Console sessions end after
 * OPERATOR_SESSION_HOURS; personal tokens after the days they were created for.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiCode, type OperatorAccount, type OperatorRole, type PersonalToken } from 'shared-sdk/contract';
import { OPERATOR_PASSWORD, OPERATOR_ROLES, OPERATOR_TOKEN_PREFIX, ROLE_PERMISSIONS } from 'shared-sdk/contract/operator-roles';
import type { Database, OperatorRow } from '../../db/schema';
import { ApiError, conflict, invalid, notFound } from '../../lib/api-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashToken } from '../../plugins/app/sessions';
import { WINDOW_MINUTES, admitAttempt, purgeStaleCounters, recordAttempt, settleSuccess } from '../session/throttle';
import type { OperatorActor } from './actor';
import { type AuditRecord, writeAudit } from './audit';
import { acceptTotp, newTotpSecret, totpEnrolment } from './totp';

type Db = Kysely<Database>;

export const OPERATOR_MESSAGES = {
  SIGN_IN_FAILED: '账号或密码错误',
  CODE_FAILED: '验证码错误或已使用，请输入验证器中的新验证码',
  DISABLED: '该运营账号已停用',
  NOT_SIGNED_IN: '请先登录运营后台',
  ROLE_FORBIDDEN: '当前角色无权执行此操作',
  ALREADY_SHOWN: '验证器密钥已显示过，请联系管理员重置',
  WRONG_PASSWORD: '当前密码不正确',
  TOKEN_NAME_REQUIRED: '参数错误：须填写令牌名称',
} as const;

export const CHALLENGE_MINUTES = 5;
export const PERSONAL_TOKEN_DEFAULT_DAYS = 90;

export type { OperatorActor } from './actor';

/** The release scope of an account: an admin's is everything, a release manager's is stored with it. */
export function releaseScopeOf(role: string, stored: { remotes: string[]; envs: string[] } | null): OperatorActor['releaseScope'] {
  if (role === 'admin') return { remotes: '*', envs: '*' };
  if (role === 'release_manager') return { remotes: stored?.remotes ?? [], envs: stored?.envs ?? [] };
  return undefined;
}

export const isRole = (role: string): role is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(role);

export function accountOf(row: OperatorRow): OperatorAccount {
  return {
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    disabled: row.disabled,
    totp_enrolled: row.totp_enrolled,
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    release_scope: row.release_scope ? { remotes: row.release_scope.remotes, envs: row.release_scope.envs } : null,
  };
}

export function selfOf(actor: OperatorActor) {
  const role = actor.role as OperatorRole;
  return {
    id: actor.id ?? 0,
    name: actor.name,
    role,
    permissions: [...(ROLE_PERMISSIONS[role] ?? [])],
    expires_at: actor.expiresAt?.toISOString() ?? null,
    via: actor.via === 'token' ? ('token' as const) : ('session' as const),
  };
}

const newToken = (prefix = ''): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/**
 * A password for a new account or a reset: 16 characters of base64url (96 bits), never starting with
 * `-`, which a command line would read as an option (`admin … --password -x…` is refused as ambiguous).
 */
export function newPassword(): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (!password.startsWith('-')) return password;
  }
}

export function checkNewPassword(password: string): void {
  if ([...password].length < OPERATOR_PASSWORD.MIN) throw invalid(`参数错误：密码至少 ${OPERATOR_PASSWORD.MIN} 个字符`);
  if ([...password].length > OPERATOR_PASSWORD.MAX) throw invalid(`参数错误：密码至多 ${OPERATOR_PASSWORD.MAX} 个字符`);
}

export async function findOperator(db: Db, id: number): Promise<OperatorRow> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('运营账号不存在');
  return row;
}

/**
 * A new account. With `withTotp` (the command line) its TOTP secret is made now and returned, to
 * be shown once; otherwise the operator enrols at the first sign-in.
 */
export async function insertOperator(
  db: Db,
  o: { name: string; role: string; password?: string; withTotp: boolean },
): Promise<{ row: OperatorRow; password: string; totpSecret: string | null }> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,31}$/.test(o.name)) throw invalid('参数错误：账号名为 2–32 个字母、数字或 . _ -');
  if (!isRole(o.role)) throw invalid(`参数错误：角色须为 ${OPERATOR_ROLES.join('、')}`);
  const password = o.password ?? newPassword();
  checkNewPassword(password);
  const totpSecret = o.withTotp ? newTotpSecret() : null;
  const row = await db
    .insertInto('operators')
    .values({ name: o.name, role: o.role, password_hash: await hashPassword(password), totp_secret: totpSecret })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`运营账号 ${o.name} 已存在`);
  return { row, password, totpSecret };
}

/** Enabled admins other than `exceptId`: an admin may not remove the last one. */
export async function otherEnabledAdmins(db: Db, exceptId: number): Promise<number> {
  const { n } = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Ends every credential of an operator (sessions, and tokens too unless `sessionsOnly`), except `keep`. */
export async function revokeCredentials(db: Db, operatorId: number, o: { sessionsOnly?: boolean; keep?: number } = {}): Promise<void> {
  let query = db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null);
  if (o.sessionsOnly) query = query.where('kind', '=', 'session');
  if (o.keep) query = query.where('id', '!=', o.keep);
  await query.execute();
}

/** How many live (unrevoked, unexpired) console sessions and personal tokens an operator holds. */
export async function liveCredentials(db: Db, operatorId: number, now = new Date()): Promise<{ sessions: number; tokens: number }> {
  const rows = await db
    .selectFrom('operator_sessions')
    .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('kind')
    .execute();
  const count = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  return { sessions: count('session'), tokens: count('token') };
}

// --- sign-in -------------------------------------------------------------------------------------

/** A hash of a random password, made once: an unknown name costs the same scrypt work as a wrong password. */
let dummyHash: Promise<string> | undefined;
const unknownHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));

/** Throttle keys of their own, beside creators' phones in the same counters (one address counter for both). */
const passwordKey = (name: string): string => `operator:${name.toLowerCase()}`;
const codeKey = (operatorId: number): string => `operator-totp:${operatorId}`;

async function admit(db: Db, ip: string, key: string, now: Date): Promise<void> {
  const refusal = await admitAttempt(db, ip, key, now);
  if (refusal?.kind === 'pair') throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, `尝试次数过多，请${WINDOW_MINUTES}分钟后再试`);
  if (refusal) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, `尝试过于频繁，请${refusal.waitSeconds}秒后再试`);
}

/** Step 1: the password. Answers a challenge for the second factor (or for enrolment). */
export async function signInWithPassword(db: Db, ip: string, name: string, password: string, now = new Date()) {
  await admit(db, ip, passwordKey(name), now);
  const row = await db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
  const valid = await verifyPassword(password, row?.password_hash ?? (await unknownHash()));
  await recordAttempt(db, passwordKey(name), row !== undefined && valid, ip);
  await purgeStaleCounters(db, now);
  if (!row || !valid) throw new ApiError(ApiCode.LOGIN_FAILED, OPERATOR_MESSAGES.SIGN_IN_FAILED);
  await settleSuccess(db, ip, passwordKey(name));
  if (row.disabled) throw new ApiError(ApiCode.FORBIDDEN, OPERATOR_MESSAGES.DISABLED);
  const challenge = newToken();
  const next = row.totp_enrolled || row.totp_secret ? ('totp' as const) : ('enrol' as const);
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  await db
    .insertInto('operator_challenges')
    .values({ operator_id: row.id, token_hash: hashToken(challenge), next, expires_at: expiresAt })
    .execute();
  return { challenge, next, expires_at: expiresAt.toISOString() };
}

async function liveChallenge(db: Db, challenge: string, now: Date) {
  const found = await db
    .selectFrom('operator_challenges as c')
    .innerJoin('operators as o', 'o.id', 'c.operator_id')
    .selectAll('o')
    .select(['c.id as challenge_id', 'c.next'])
    .where('c.token_hash', '=', hashToken(challenge))
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .executeTakeFirst();
  if (!found || found.disabled) throw new ApiError(ApiCode.TOKEN_EXPIRED, '登录已过期，请重新输入账号和密码', 401);
  return found;
}

/** Enrolment: makes the secret and shows it, once (only when the account has none). */
export async function enrolTotp(db: Db, challenge: string, now = new Date()) {
  const found = await liveChallenge(db, challenge, now);
  if (found.next !== 'enrol') throw conflict(OPERATOR_MESSAGES.ALREADY_SHOWN);
  const secret = newTotpSecret();
  // Only an account without a secret gets one: two calls at once cannot both show one.
  const updated = await db
    .updateTable('operators')
    .set({ totp_secret: secret, totp_enrolled: false })
    .where('id', '=', found.id)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) throw conflict(OPERATOR_MESSAGES.ALREADY_SHOWN);
  return totpEnrolment(secret, found.name);
}

/**
 * Step 2: the code. Accepts it once (a replay in its window is refused), uses the challenge up,
 * confirms a pending enrolment, and opens a session.
 */
export async function verifyTotpCode(db: Db, ip: string, challenge: string, code: string, sessionHours: number, now = new Date()) {
  const found = await liveChallenge(db, challenge, now);
  await admit(db, ip, codeKey(found.id), now);
  const step = found.totp_secret ? acceptTotp(found.totp_secret, code, Number(found.totp_last_step), now.getTime()) : null;
  await recordAttempt(db, codeKey(found.id), step !== null, ip);
  if (step === null) throw new ApiError(ApiCode.LOGIN_FAILED, OPERATOR_MESSAGES.CODE_FAILED);
  return db.transaction().execute(async (tx) => {
    // The step guard makes two uses of one code at once end as one.
    const taken = await tx
      .updateTable('operators')
      .set({ totp_last_step: step, totp_enrolled: true, last_sign_in_at: now })
      .where('id', '=', found.id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    const used = await tx
      .updateTable('operator_challenges')
      .set({ used_at: now })
      .where('id', '=', found.challenge_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!Number(taken.numUpdatedRows) || !Number(used.numUpdatedRows)) throw new ApiError(ApiCode.LOGIN_FAILED, OPERATOR_MESSAGES.CODE_FAILED);
    await settleSuccess(tx, ip, codeKey(found.id));
    const token = newToken();
    const expiresAt = new Date(now.getTime() + sessionHours * 3_600_000);
    const session = await tx
      .insertInto('operator_sessions')
      .values({ operator_id: found.id, kind: 'session', token_hash: hashToken(token), expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const actor: OperatorActor = { id: found.id, name: found.name, role: found.role, credentialId: session.id, via: 'session', expiresAt, ip };
    const enrolled = !found.totp_enrolled;
    const enrolment: AuditRecord[] = enrolled
      ? [{ action: 'operator.totp_enrol', targetType: 'operator', targetId: found.id, after: { totp_enrolled: true } }]
      : [];
    await writeAudit(tx, actor, [
      ...enrolment,
      { action: 'operator.sign_in', targetType: 'operator', targetId: found.id, after: { session: session.id, expires_at: expiresAt.toISOString() } },
    ]);
    return { token, expiresAt, actor };
  });
}

// --- credentials ---------------------------------------------------------------------------------

/** The operator a token names, if the credential is live and the account enabled. */
export async function lookupCredential(db: Db, token: string, ip: string, now = new Date()): Promise<OperatorActor | null> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['o.id', 'o.name', 'o.role', 'o.disabled', 'o.release_scope', 's.id as credential_id', 's.kind', 's.expires_at', 's.last_used_at'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', now)]))
    .executeTakeFirst();
  if (!row || row.disabled) return null;
  // A token's last use, at most once a minute (the list shows it; no write per call).
  if (row.kind === 'token' && (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000)) {
    await db.updateTable('operator_sessions').set({ last_used_at: now }).where('id', '=', row.credential_id).execute();
  }
  const releaseScope = releaseScopeOf(row.role, row.release_scope);
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    credentialId: row.credential_id,
    via: row.kind,
    expiresAt: row.expires_at,
    ip,
    ...(releaseScope ? { releaseScope } : {}),
  };
}

type CredentialRow = { id: number; name: string; hint: string; created_at: Date; expires_at: Date | null; last_used_at: Date | null; revoked_at: Date | null };

export const personalTokenOf = (row: CredentialRow): PersonalToken => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

const TOKEN_COLUMNS = ['id', 'name', 'hint', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const;

export async function insertPersonalToken(db: Db, operatorId: number, name: string, days: number, now = new Date()) {
  const token = newToken(OPERATOR_TOKEN_PREFIX);
  const row = await db
    .insertInto('operator_sessions')
    .values({
      operator_id: operatorId,
      kind: 'token',
      token_hash: hashToken(token),
      name: name.trim(),
      hint: `${token.slice(0, OPERATOR_TOKEN_PREFIX.length + 4)}…`,
      expires_at: new Date(now.getTime() + days * 86_400_000),
    })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return { token, info: personalTokenOf(row) };
}

export async function listPersonalTokens(db: Db, operatorId: number): Promise<PersonalToken[]> {
  const rows = await db
    .selectFrom('operator_sessions')
    .select(TOKEN_COLUMNS)
    .where('operator_id', '=', operatorId)
    .where('kind', '=', 'token')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(personalTokenOf);
}

/** Revokes a personal token of `operatorId` (any operator's when null); the row before and after. */
export async function revokePersonalToken(db: Db, id: number, operatorId: number | null, now = new Date()) {
  let query = db
    .selectFrom('operator_sessions')
    .select([...TOKEN_COLUMNS, 'operator_id'])
    .where('id', '=', id)
    .where('kind', '=', 'token');
  if (operatorId !== null) query = query.where('operator_id', '=', operatorId);
  const before = await query.forUpdate().executeTakeFirst();
  if (!before) throw notFound('令牌不存在');
  const after = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: before.revoked_at ?? now })
    .where('id', '=', id)
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return { before: personalTokenOf(before), after: personalTokenOf(after), ownerId: before.operator_id };
}

export async function changeOperatorPassword(db: Db, actor: OperatorActor, oldPassword: string, newPasswordText: string): Promise<void> {
  const row = await findOperator(db, actor.id ?? 0);
  if (!(await verifyPassword(oldPassword, row.password_hash))) throw new ApiError(ApiCode.FORBIDDEN, OPERATOR_MESSAGES.WRONG_PASSWORD);
  checkNewPassword(newPasswordText);
  if (oldPassword === newPasswordText) throw invalid('参数错误：新密码不能与当前密码相同');
  await db
    .updateTable('operators')
    .set({ password_hash: await hashPassword(newPasswordText) })
    .where('id', '=', row.id)
    .execute();
  // Whoever knew the old password may hold a session: every other one ends (personal tokens stay).
  await revokeCredentials(db, row.id, { sessionsOnly: true, keep: actor.credentialId ?? undefined });
}
