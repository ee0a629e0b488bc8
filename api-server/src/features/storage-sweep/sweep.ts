/**
 * The orphan sweep: uploaded objects (keys of the upload layout, `<kind>/<yyyymmdd>/u<uid>/<name>.<ext>`,
 * and the clean copies under `clean/`) that no live record names (upload_ref_rows, kept by triggers:
 * migrations 0170 and 0211) are removed: never named and older than the expiry, or no longer named by
 * any live row (a material deleted, an image dropped from a draft) for longer than the expiry.
 *
 * The store is walked a folder (or a listing page) at a time, and each batch is looked up in
 * upload_refs by primary key: no table is scanned, whatever the number of drafts or objects.
 * Nothing named is ever removed: an unnamed candidate is first claimed (inserted with `swept_at`,
 * or, once named and released, updated with it while still released), and only what the claim
 * returns is removed. A save naming the object inserts the same name, so if
 * the save comes first the claim conflicts and the object stays; if the claim comes first the save
 * is refused (UR001), never left naming a removed object. Old enough and claimed earlier (a sweep
 * that stopped before its removals) is removed again.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListedObject, ObjectStore } from '../../storage/object-store';
import { forgetGrants } from '../upload/grants';
import { CLEAN_PREFIX, UPLOAD_KINDS, parseUploadKey } from '../upload/keys';

/** Objects looked up and claimed together. */
const BATCH = 500;

export interface SweepOptions {
  db: Kysely<Database>;
  storage: Pick<ObjectStore, 'scan' | 'delete'>;
  expiryMs: number;
  now?: Date;
  /** Called with each batch's unnamed candidates before they are claimed (tests use it to race a save). */
  beforeClaim?: (candidates: readonly ListedObject[]) => Promise<void>;
  /** Called after each batch (the scheduler renews its lease). */
  afterBatch?: () => Promise<void>;
  /** One line per removed object. */
  onRemoved?: (object: ListedObject) => void;
}

export interface SweepResult {
  /** Upload-layout objects looked at. */
  scanned: number;
  /** Younger than the expiry: not judged yet. */
  young: number;
  /** Old enough, and named by a record. */
  referenced: number;
  removed: ListedObject[];
}

/** The name a key is tracked by (upload_refs): its 32 hex characters. */
export const nameOfKey = (key: string): string => key.slice(key.lastIndexOf('/') + 1).split('.')[0] ?? '';

/** Every upload-layout object of the store, kind by kind, then the clean copies (`clean/image/…`). */
export async function* uploadedObjects(storage: Pick<ObjectStore, 'scan'>): AsyncGenerator<ListedObject> {
  for (const prefix of [...UPLOAD_KINDS.map((kind) => `${kind}/`), `${CLEAN_PREFIX}image/`]) {
    for await (const object of storage.scan(prefix)) if (parseUploadKey(object.key)) yield object;
  }
}

/**
 * Of these names: those a live row names, or whose last naming row went less than the expiry ago
 * (`named`: kept); those a sweep claimed (`swept`); those once named, released before `cutoff`
 * and named by no live row (`released`: candidates again).
 */
export async function refsOf(
  db: Kysely<Database>,
  names: readonly string[],
  cutoff: number,
): Promise<{ named: Set<string>; swept: Set<string>; released: Set<string> }> {
  const named = new Set<string>();
  const swept = new Set<string>();
  const released = new Set<string>();
  if (names.length === 0) return { named, swept, released };
  const unique = [...new Set(names)];
  const [rows, live] = await Promise.all([
    db.selectFrom('upload_refs').select(['name', 'swept_at', 'released_at']).where('name', 'in', unique).execute(),
    db.selectFrom('upload_ref_rows').select('name').distinct().where('name', 'in', unique).execute(),
  ]);
  const current = new Set(live.map((row) => row.name));
  for (const row of rows) {
    if (row.swept_at) swept.add(row.name);
    else if (!current.has(row.name) && row.released_at && row.released_at.getTime() <= cutoff) released.add(row.name);
    else named.add(row.name);
  }
  for (const name of current) if (!swept.has(name)) named.add(name);
  return { named, swept, released };
}

export async function sweepOrphans(options: SweepOptions): Promise<SweepResult> {
  const { db, storage } = options;
  const cutoff = (options.now ?? new Date()).getTime() - options.expiryMs;
  const result: SweepResult = { scanned: 0, young: 0, referenced: 0, removed: [] };

  async function judge(batch: ListedObject[]): Promise<void> {
    const { named, swept, released } = await refsOf(
      db,
      batch.map((object) => nameOfKey(object.key)),
      cutoff,
    );
    const candidates = batch.filter((object) => !named.has(nameOfKey(object.key)));
    result.referenced += batch.length - candidates.length;
    if (candidates.length === 0) return;
    await options.beforeClaim?.(candidates);
    const names = [...new Set(candidates.map((object) => nameOfKey(object.key)))];
    const fresh = names.filter((name) => !swept.has(name) && !released.has(name));
    const again = names.filter((name) => released.has(name));
    const claimed = new Set(swept);
    if (fresh.length) {
      const rows = await db
        .insertInto('upload_refs')
        .values(fresh.map((name) => ({ name, swept_at: new Date() })))
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('name')
        .execute();
      for (const row of rows) claimed.add(row.name);
    }
    if (again.length) {
      // Named once and released long enough ago: claimed only if still so. A save naming it meanwhile
      // set released_at back to null (under the same row's lock), so the claim matches nothing.
      const rows = await db
        .updateTable('upload_refs')
        .set({ swept_at: new Date() })
        .where('name', 'in', again)
        .where('swept_at', 'is', null)
        .where('released_at', '<=', new Date(cutoff))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('upload_ref_rows as r').select('r.name').whereRef('r.name', '=', 'upload_refs.name'))))
        .returning('name')
        .execute();
      for (const row of rows) claimed.add(row.name);
    }
    for (const object of candidates) {
      if (!claimed.has(nameOfKey(object.key))) {
        result.referenced += 1; // named while this sweep ran: kept
        continue;
      }
      await storage.delete(object.key);
      result.removed.push(object);
      options.onRemoved?.(object);
    }
    // Removed objects no longer count for their creator's quota (grants.ts).
    await forgetGrants(
      db,
      candidates.filter((object) => claimed.has(nameOfKey(object.key))).map((object) => object.key),
    );
  }

  let batch: ListedObject[] = [];
  for await (const object of uploadedObjects(storage)) {
    result.scanned += 1;
    if (object.lastModified.getTime() > cutoff) {
      result.young += 1;
      continue;
    }
    batch.push(object);
    if (batch.length >= BATCH) {
      await judge(batch);
      batch = [];
      await options.afterBatch?.();
    }
  }
  if (batch.length) await judge(batch);
  return result;
}
