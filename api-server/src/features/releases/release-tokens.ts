/**
 * CI release tokens (`mfci_…`): one remote, one environment, the release calls only. An admin makes
 * one (the token is shown once; only its sha256 is stored), lists and revokes them. A token acts as
 * `ci:<name>` in the audit trail (role 'ci', no operator id; its id in the row's values) and in the
 * rollout history.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { RELEASE_TOKEN_DAYS } from 'shared-sdk/contract/release-values';
import { RELEASE_TOKEN_PREFIX } from 'shared-sdk/contract/operator-roles';
import type { releases } from 'shared-sdk/contract/schemas';
import type { Database } from '../../db/schema';
import type { ReleaseTokensTable } from '../../db/schema-operators';
import { notFound } from '../../lib/api-error';
import { hashToken } from '../../plugins/app/sessions';
import type { OperatorActor } from '../operators/accounts';

type Db = Kysely<Database>;
type Row = Omit<Selectable<ReleaseTokensTable>, 'token_hash'>;

/** The life of a token made without `expires_days`: the contract's default. */
export const RELEASE_TOKEN_DEFAULT_DAYS = RELEASE_TOKEN_DAYS.default;

const COLUMNS = ['id', 'name', 'remote', 'env', 'hint', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'] as const;

export const releaseTokenOf = (row: Row): releases.ReleaseToken => ({
  id: row.id,
  name: row.name,
  remote: row.remote,
  env: row.env,
  hint: row.hint,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

export async function insertReleaseToken(db: Db, o: { name: string; remote: string; env: string; days: number; createdBy: string }, now = new Date()) {
  const token = `${RELEASE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('release_tokens')
    .values({
      name: o.name.trim(),
      remote: o.remote,
      env: o.env,
      token_hash: hashToken(token),
      hint: `${token.slice(0, RELEASE_TOKEN_PREFIX.length + 4)}…`,
      created_by: o.createdBy,
      expires_at: new Date(now.getTime() + o.days * 86_400_000),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { token, info: releaseTokenOf(row) };
}

export async function listReleaseTokens(db: Db): Promise<releases.ReleaseToken[]> {
  const rows = await db.selectFrom('release_tokens').select(COLUMNS).orderBy('id', 'desc').execute();
  return rows.map(releaseTokenOf);
}

export async function revokeReleaseToken(db: Db, id: number, now = new Date()) {
  const before = await db.selectFrom('release_tokens').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw notFound('发布令牌不存在');
  const after = await db
    .updateTable('release_tokens')
    .set({ revoked_at: before.revoked_at ?? now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { before: releaseTokenOf(before), after: releaseTokenOf(after) };
}

export const isReleaseToken = (token: string): boolean => token.startsWith(RELEASE_TOKEN_PREFIX);

/** The actor a live (not revoked, not expired) CI token names; null otherwise. */
export async function lookupReleaseToken(db: Db, token: string, ip: string, now = new Date()): Promise<OperatorActor | null> {
  const row = await db
    .selectFrom('release_tokens')
    .select(['id', 'name', 'remote', 'env', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000) {
    await db.updateTable('release_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return {
    id: null,
    name: `ci:${row.name}`,
    role: 'ci',
    credentialId: row.id,
    via: 'ci',
    expiresAt: row.expires_at,
    ip,
    releaseScope: { remotes: [row.remote], envs: [row.env] },
  };
}
