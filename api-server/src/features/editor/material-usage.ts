/**
 * Materials know where they are used: publishing (or scheduling) a manuscript records one
 * material_usages row per material the manuscript shows — in its sanitized body (img, video, audio,
 * source `src` and video `poster`), its covers, its video and poster, and its gallery images. A
 * material counts only when the author may write with it: their own, or an approved public one; it is
 * found by its stored URL or, for an address in our storage, by the key the address names in its one
 * spelling (the key the storage serves), never by an id the client sends. Publishing the same
 * manuscript again keeps one row per material (the first one's time stays the operation time), adds
 * the new ones and removes the rows of materials the manuscript no longer shows. The material detail reads the manuscript's
 * current title and type (features/materials/store.ts).
 */
import { sql } from 'kysely';
import { MaterialAuditStatus } from 'shared-sdk/contract';
import type { ObjectStore } from '../../storage/object-store';
import type { DocumentAddresses } from './document-addresses';
import type { Tx } from './draft-save';

/** The materials a document shows: addresses outside our storage as written, and our keys (document-addresses.ts). */
export interface MaterialMatch {
  urls: string[];
  keys: string[];
}

/** Our keys are matched by the material's key, or by the one URL the store spells them with. */
export function materialMatch(storage: Pick<ObjectStore, 'publicUrl'>, usage: DocumentAddresses['usage']): MaterialMatch {
  return { urls: [...new Set([...usage.external, ...usage.keys.map((key) => storage.publicUrl(key))])], keys: usage.keys };
}

/** Brings the manuscript's usage rows in line with what it shows now. */
export async function recordMaterialUsage(tx: Tx, userId: number, manuscriptId: number, match: MaterialMatch): Promise<void> {
  const { urls, keys } = match;
  let used: number[] = [];
  if (urls.length > 0) {
    const rows = await sql<{ material_id: number }>`
      insert into material_usages (material_id, user_id, nm_type, nm_title, manuscript_id)
      select distinct m.id, ${userId}::integer, s.type, s.title, s.id
      from materials m, manuscripts s
      where s.id = ${manuscriptId}::integer and s.user_id = ${userId}::integer
        and (m.url in (${sql.join(urls)})${keys.length > 0 ? sql` or m.object_key in (${sql.join(keys)})` : sql``}) and m.deleted_at is null
        and (m.owner_id = ${userId}::integer or m.cm_check = ${MaterialAuditStatus.APPROVED})
      on conflict (material_id, manuscript_id) do update set nm_title = excluded.nm_title, nm_type = excluded.nm_type, user_id = excluded.user_id
      returning material_id`.execute(tx);
    used = rows.rows.map((row) => row.material_id);
  }
  let stale = tx.deleteFrom('material_usages').where('manuscript_id', '=', manuscriptId);
  if (used.length > 0) stale = stale.where('material_id', 'not in', used);
  await stale.execute();
}
