/**
 * Upload grants (migration 0210_upload_grants): the browser says what it is about to upload (kind,
 * size, extension) when it asks for credentials, and gets credentials for one new key only.
 *
 * With a real OSS bucket nothing of ours sees the bytes while they stream, so this is where every
 * bound holds:
 * - the kind's size limit (UPLOAD_KIND_MAX_BYTES: 200 MiB, a video 2 GiB), before anything is sent;
 * - UPLOAD_MAX_OPEN: grants whose object does not exist yet are open uploads. At the bound, each is
 *   looked at (HEAD): one whose object now exists is closed (its size recorded), one older than the
 *   abandoned-upload window with no object is dropped. Still at the bound: refused;
 * - UPLOAD_QUOTA_GB: the creator's grants, each counted at its found size or else its declared
 *   size, plus the new one. Past it, the open grants are looked at (HEAD) as at the open bound
 *   before the call is refused, so an unfinished upload counts at its real size once its object is
 *   there, and a given-up one not at all. The clean copies the server makes for a creator get a
 *   row too (`countForOwner`), at their size: what a material or an article keeps counts. A row
 *   goes when the server removes its object (the orphan sweep, once nothing live names it), so the
 *   quota counts what is still stored, and deleting what used an upload frees its bytes.
 * Then, where the server accepts an uploaded object (video commit, image cleaning), `acceptUpload`
 * checks its real size with a HEAD: larger than declared or than its kind allows, it is removed and
 * refused. With the embedded storage the same rules apply at the token call (and the storage bounds
 * the bytes as they stream too).
 *
 * Requests for the same creator are serialised by a row lock on the user, so two token calls at
 * once cannot both take the last open upload or the last bytes of the quota. The HEADs at a bound
 * run before that lock is taken: a slow storage never holds it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STORAGE_REFUSAL_MESSAGES, UPLOAD_KIND_MAX_BYTES } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { invalid } from '../../lib/api-error';
import type { StorageLimits } from '../../storage/limits';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store';
import { scopeFor } from './credentials';
import { type UploadKind, parseUploadKey } from './keys';

/** A grant whose object never appeared is dropped after this (the abandoned multipart window). */
export const GRANT_ABANDONED_MS = 7 * 24 * 60 * 60_000;

/** A renewal refused: the upload is too old, someone else's, or already taken in by the server. */
export const GRANT_EXPIRED_MESSAGE = '上传已失效，请重新上传';

export interface UploadIntent {
  kind: UploadKind;
  size: number;
  ext: string;
}

export interface GrantDeps {
  db: Kysely<Database>;
  storage: Pick<ObjectStore, 'head' | 'delete'>;
  limits: Pick<StorageLimits, 'maxOpenUploads' | 'quotaBytes'>;
  now?: () => Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

const refuse = (code: keyof typeof STORAGE_REFUSAL_MESSAGES) => invalid(STORAGE_REFUSAL_MESSAGES[code]);

/** The new key granted to `uid` for this upload, or a refusal (1002) in the storage's words. */
export async function grantUpload(deps: GrantDeps, uid: number, intent: UploadIntent): Promise<string> {
  if (intent.size > UPLOAD_KIND_MAX_BYTES[intent.kind]) throw refuse('EntityTooLarge');
  const now = (deps.now ?? (() => new Date()))();
  const { maxOpenUploads, quotaBytes } = deps.limits;
  const overBounds = async (db: Kysely<Database>) =>
    (await openCount(db, uid)) >= maxOpenUploads
      ? 'TooManyOpenUploads'
      : quotaBytes && (await usedBytes(db, uid)) + intent.size > quotaBytes
        ? 'QuotaExceeded'
        : null;
  // At a bound, look at what the browser did with its open uploads (finished: the object exists; or
  // given up) before deciding. The look-ups go to the storage, a bucket over the network: they run
  // before the transaction, so no round trip holds the creator's row lock or a pooled connection.
  if (await overBounds(deps.db)) await settleOpenGrants(deps, uid, now);
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', uid).forUpdate().executeTakeFirst();
    const refusal = await overBounds(trx);
    if (refusal) throw refuse(refusal);
    const key = `${intent.kind}/${dateFolder(now)}/${scopeFor(uid)}/${randomBytes(16).toString('hex')}.${intent.ext}`;
    await trx.insertInto('upload_grants').values({ object_key: key, owner_id: uid, kind: intent.kind, declared_bytes: intent.size, granted_at: now }).execute();
    return key;
  });
}

/** Uploads granted to `uid` whose object has not been found yet. */
async function openCount(db: Kysely<Database>, uid: number): Promise<number> {
  const row = await db
    .selectFrom('upload_grants')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('owner_id', '=', uid)
    .where('size', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

/**
 * Each open upload of `uid` looked at (HEAD): one whose object exists is closed at its real size (or
 * removed when beyond what was allowed), one older than the abandoned window with no object is
 * dropped, the rest stay open. Each change is one statement of its own, safe beside a concurrent
 * token call or commit of the same creator.
 */
async function settleOpenGrants(deps: GrantDeps, uid: number, now: Date): Promise<void> {
  const open = await deps.db
    .selectFrom('upload_grants')
    .select(['object_key', 'granted_at', 'declared_bytes'])
    .where('owner_id', '=', uid)
    .where('size', 'is', null)
    .execute();
  for (const grant of open) {
    const info = await deps.storage.head(grant.object_key);
    if (info) await settle(deps, grant.object_key, info, Number(grant.declared_bytes)).catch(() => undefined);
    else if (now.getTime() - grant.granted_at.getTime() > GRANT_ABANDONED_MS)
      await deps.db.deleteFrom('upload_grants').where('object_key', '=', grant.object_key).where('size', 'is', null).execute();
  }
}

/** The key of an upload granted to `uid` before (its credentials renewed), or a refusal. */
export async function renewGrant(deps: Pick<GrantDeps, 'db' | 'now'>, uid: number, key: string): Promise<string> {
  const now = (deps.now ?? (() => new Date()))();
  const row = await deps.db.selectFrom('upload_grants').select(['owner_id', 'granted_at', 'size']).where('object_key', '=', key).executeTakeFirst();
  // Not for an object the server accepted already (its size found) or made itself (a clean copy):
  // a bucket would let new credentials overwrite it.
  if (
    !row ||
    row.owner_id !== uid ||
    row.size !== null ||
    parseUploadKey(key)?.clean !== false ||
    now.getTime() - row.granted_at.getTime() > GRANT_ABANDONED_MS
  )
    throw invalid(GRANT_EXPIRED_MESSAGE);
  return key;
}

/** What the creator's grants hold: each at the size found, else the size declared. */
async function usedBytes(db: Kysely<Database>, uid: number): Promise<number> {
  const used = await db
    .selectFrom('upload_grants')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>(eb.fn.coalesce('size', 'declared_bytes')), eb.val('0')).as('bytes'))
    .where('owner_id', '=', uid)
    .executeTakeFirstOrThrow();
  return Number(used.bytes);
}

/**
 * An object the server stored for `uid` under their keys (a clean copy, clean-copies.ts): it counts
 * for their quota like an upload, until the server removes it (the orphan sweep forgets it).
 */
export async function countForOwner(db: Kysely<Database>, uid: number, key: string, size: number): Promise<void> {
  const kind = parseUploadKey(key)?.kind;
  if (!kind) return;
  await db
    .insertInto('upload_grants')
    .values({ object_key: key, owner_id: uid, kind, declared_bytes: size, size })
    .onConflict((oc) => oc.column('object_key').doNothing())
    .execute();
}

/** Records the size found of a granted object, or removes it (object and grant) when it is beyond what was allowed. */
async function settle(
  deps: { db: Kysely<Database>; storage: Pick<ObjectStore, 'delete'> },
  key: string,
  info: ObjectInfo,
  declared: number | null,
): Promise<void> {
  const kind = parseUploadKey(key)?.kind;
  const limit = Math.min(kind ? UPLOAD_KIND_MAX_BYTES[kind] : Number.POSITIVE_INFINITY, declared ?? Number.POSITIVE_INFINITY);
  if (info.size > limit) {
    await deps.storage.delete(key);
    await deps.db.deleteFrom('upload_grants').where('object_key', '=', key).execute();
    throw refuse('EntityTooLarge');
  }
  if (declared !== null) await deps.db.updateTable('upload_grants').set({ size: info.size }).where('object_key', '=', key).execute();
}

/**
 * Where the server accepts an uploaded object (`info`: its HEAD, just taken): beyond the kind's
 * limit, or larger than the size declared for its grant, it is removed and refused (1002
 * 文件超过了允许上传的大小); else its grant (if it has one) records the size found.
 */
export async function acceptUpload(deps: { db: Kysely<Database>; storage: Pick<ObjectStore, 'delete'> }, key: string, info: ObjectInfo): Promise<void> {
  const grant = await deps.db.selectFrom('upload_grants').select('declared_bytes').where('object_key', '=', key).executeTakeFirst();
  await settle(deps, key, info, grant ? Number(grant.declared_bytes) : null);
}

/** More uploads than a document can reasonably name are not looked at when it is saved. */
const MAX_NAMED_LOOKED_AT = 100;

/**
 * Where a save names the creator's uploads (an editor document: audio, files, any upload it links)
 * that the server has not taken in yet (their grant has no size found): each present is HEADed and
 * accepted as at commit (`acceptUpload`): larger than declared, or than its kind may hold, it is
 * removed and the save refused (1002 文件超过了允许上传的大小). Runs before the save's transaction.
 */
export async function acceptNamedUploads(
  deps: { db: Kysely<Database>; storage: Pick<ObjectStore, 'head' | 'delete'> },
  uid: number,
  keys: readonly string[],
): Promise<void> {
  const scope = scopeFor(uid);
  const own = [...new Set(keys)].filter((key) => parseUploadKey(key)?.scope === scope).slice(0, MAX_NAMED_LOOKED_AT);
  if (own.length === 0) return;
  const open = await deps.db
    .selectFrom('upload_grants')
    .select(['object_key', 'declared_bytes'])
    .where('object_key', 'in', own)
    .where('owner_id', '=', uid)
    .where('size', 'is', null)
    .execute();
  for (const grant of open) {
    const info = await deps.storage.head(grant.object_key);
    if (info) await settle(deps, grant.object_key, info, Number(grant.declared_bytes));
  }
}

/** The server removed these objects: their grants no longer count for the quota. */
export async function forgetGrants(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length)
    await db
      .deleteFrom('upload_grants')
      .where('object_key', 'in', [...keys])
      .execute();
}
