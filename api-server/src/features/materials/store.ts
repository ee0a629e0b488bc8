/** Reads and writes of single materials: visibility, delete, logged operations, use, detail. */
import { type Kysely, sql } from 'kysely';
import { ApiCode, MaterialAuditStatus, MaterialLogCode, USABLE_MATERIAL_TYPES, type MaterialDetail } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { MaterialRow } from '../../db/schema-materials';
import { ApiError } from '../../lib/api-error';
import { maskPhone } from '../account/mask-phone';
import { formatTime } from '../../lib/china-time';
import { MATERIAL_MESSAGES as M, invalid } from './material-input';

type Db = Kysely<Database>;

const notFound = (): ApiError => new ApiError(ApiCode.NOT_FOUND, M.NOT_FOUND);

/** A material the user may see: their own, or an approved one. */
export async function visibleMaterial(db: Db, userId: number, id: number): Promise<MaterialRow> {
  const row = await db.selectFrom('materials').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row || (row.owner_id !== userId && row.cm_check !== MaterialAuditStatus.APPROVED)) throw notFound();
  return row;
}

/** Deletes all or nothing: one id that is not the caller's refuses the whole call. */
export async function deleteOwnMaterials(db: Db, userId: number, ids: number[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('materials').select(['id', 'owner_id']).where('id', 'in', ids).where('deleted_at', 'is', null).forUpdate().execute();
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((row) => row.owner_id !== userId)) throw new ApiError(ApiCode.FORBIDDEN, M.NOT_YOURS);
    await tx.updateTable('materials').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', 'in', ids).execute();
    await tx
      .insertInto('material_logs')
      .values(ids.map((id) => ({ material_id: id, user_id: userId, behavior: MaterialLogCode.DELETE })))
      .execute();
  });
}

/** Behaviours a client may log through /api/material/operation (upload, use, delete have their own calls). */
export const CLIENT_BEHAVIORS: readonly number[] = [MaterialLogCode.DOWNLOAD, MaterialLogCode.SAVE, MaterialLogCode.SHARE];

export async function recordOperation(db: Db, userId: number, id: number, behavior: number): Promise<void> {
  if (!CLIENT_BEHAVIORS.includes(behavior)) throw invalid(M.BAD_BEHAVIOR);
  const row = await visibleMaterial(db, userId, id);
  if (behavior === MaterialLogCode.DOWNLOAD && row.cm_check !== MaterialAuditStatus.APPROVED) throw new ApiError(ApiCode.FORBIDDEN, M.NOT_APPROVED);
  await db.insertInto('material_logs').values({ material_id: id, user_id: userId, behavior }).execute();
}

/** Which manuscript kinds a material type may start (docs/product.md §5, the script-type selector). */
export function allowedScriptTypes(cmType: number): number[] {
  if (cmType === 2) return [1, 3];
  if (cmType === 3) return [1, 2];
  return [];
}

export async function useMaterial(db: Db, userId: number, id: number, nmType: number, nmTitle: string): Promise<void> {
  const row = await visibleMaterial(db, userId, id);
  if (!USABLE_MATERIAL_TYPES.includes(row.cm_type) || !allowedScriptTypes(row.cm_type).includes(nmType)) throw invalid(M.NOT_USABLE);
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('material_logs').values({ material_id: id, user_id: userId, behavior: MaterialLogCode.USE }).execute();
    await tx.insertInto('material_usages').values({ material_id: id, user_id: userId, nm_type: nmType, nm_title: nmTitle }).execute();
  });
}

const DETAIL_ROWS = 100;

export async function materialDetail(db: Db, userId: number, id: number): Promise<MaterialDetail> {
  const row = await visibleMaterial(db, userId, id);
  const owner = await db.selectFrom('users').select('nickname').where('id', '=', row.owner_id).executeTakeFirst();
  const logs = await db
    .selectFrom('material_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('operators as o', 'o.id', 'l.operator_id')
    .select(['l.created_at', 'l.behavior', 'l.note', 'u.phone', 'o.name as operator_name'])
    .where('l.material_id', '=', id)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(DETAIL_ROWS)
    .execute();
  // A row recorded by publishing shows its manuscript's current title and type, and goes away
  // with the manuscript (deleted, or withdrawn to the drafts).
  const usages = await db
    .selectFrom('material_usages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('manuscripts as s', 's.id', 'm.manuscript_id')
    .select([sql<string>`coalesce(s.title, m.nm_title)`.as('nm_title'), sql<number>`coalesce(s.type, m.nm_type)`.as('nm_type'), 'm.created_at', 'u.phone'])
    .where('m.material_id', '=', id)
    .where((eb) => eb.or([eb('m.manuscript_id', 'is', null), eb('s.deleted_at', 'is', null)]))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(DETAIL_ROWS)
    .execute();
  return {
    cm_id: row.id,
    cm_type: row.cm_type,
    cm_url: row.url,
    cm_icon_url: row.icon_url,
    cm_title: row.title,
    cm_check: row.cm_check,
    is_my: row.owner_id === userId,
    update_time: formatTime(row.created_at),
    nick_name: owner?.nickname ?? '',
    size: row.size,
    other: { describe: row.describe },
    logs: logs.map((log) => ({
      cml_create_time: formatTime(log.created_at),
      // An audit step names the operator who took it.
      phone: log.phone ? maskPhone(log.phone) : log.operator_name ? `运营：${log.operator_name}` : '运营',
      cml_behavior: log.behavior,
      cml_note: log.note,
    })),
    manuscript: usages.map((u) => ({ nm_title: u.nm_title, nm_type: u.nm_type, phone: maskPhone(u.phone), nm_create_time: formatTime(u.created_at) })),
  };
}
