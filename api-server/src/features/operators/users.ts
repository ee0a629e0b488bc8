/** Creators as operators see and change them: search, detail, verification, bans, tools, password reset. */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { BanType, IDENTITY, type UserDetail, type UserSummary } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import type { ObjectStore } from '../../storage/object-store';

type Db = Kysely<Database>;

type BanRowWithAuthor = {
  id: number;
  ban_type: number;
  ban_range_type: string;
  reason: string;
  active: boolean;
  created_at: Date;
  ends_at: Date | null;
  lifted_at: Date | null;
  created_by_name: string | null;
};

/** A ban counts as in force while active and not past its end. */
export const banInForce = (ban: { active: boolean; ends_at: Date | null }, now = new Date()): boolean => ban.active && (!ban.ends_at || ban.ends_at > now);

export const banInfoOf = (b: BanRowWithAuthor, now = new Date()) => ({
  id: b.id,
  ban_type: b.ban_type,
  range: b.ban_range_type,
  reason: b.reason,
  active: banInForce(b, now),
  created_at: b.created_at.toISOString(),
  ends_at: b.ends_at?.toISOString() ?? null,
  lifted_at: b.lifted_at?.toISOString() ?? null,
  created_by: b.created_by_name,
});

export const banColumns = [
  'b.id',
  'b.ban_type',
  'b.ban_range_type',
  'b.reason',
  'b.active',
  'b.created_at',
  'b.ends_at',
  'b.lifted_at',
  'o.name as created_by_name',
] as const;

export async function searchUsers(db: Db, q: string, page: number, size: number) {
  const text = q.trim();
  let base = db.selectFrom('users as u');
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        ...(/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? [eb('u.id', '=', Number(text))] : []),
        eb('u.phone', 'like', `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        eb('u.nickname', 'like', like),
      ]),
    );
  }
  const now = new Date();
  const [rows, total] = await Promise.all([
    base
      .leftJoin('bans as b', (join) => join.onRef('b.user_id', '=', 'u.id').on('b.active', '=', true))
      .leftJoin('operators as o', 'o.id', 'b.created_by')
      .select(['u.id as uid', 'u.phone', 'u.nickname', 'u.identities', 'u.created_at as user_created_at', ...banColumns])
      .orderBy('u.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: UserSummary[] = rows.map((r) => ({
    id: r.uid,
    phone: r.phone,
    nickname: r.nickname,
    verified: r.identities.includes(IDENTITY.REAL_NAME),
    ban: r.id !== null && banInForce({ active: Boolean(r.active), ends_at: r.ends_at }, now) ? banInfoOf(r as BanRowWithAuthor, now) : null,
    created_at: r.user_created_at.toISOString(),
  }));
  return { list, total: Number(total.n), page, size };
}

export async function userDetail(db: Db, store: ObjectStore, id: number): Promise<UserDetail> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  const [bans, certifications] = await Promise.all([
    db
      .selectFrom('bans as b')
      .leftJoin('operators as o', 'o.id', 'b.created_by')
      .select(banColumns)
      .where('b.user_id', '=', id)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(50)
      .execute(),
    db.selectFrom('certifications').selectAll().where('user_id', '=', id).orderBy('kind').execute(),
  ]);
  return {
    id: user.id,
    phone: user.phone,
    nickname: user.nickname,
    verified: user.identities.includes(IDENTITY.REAL_NAME),
    identities: user.identities,
    tools: user.tools,
    short_drama: user.short_drama_auth,
    enterprise_status: user.enterprise_status,
    cert_type: user.cert_type,
    certifications: certifications.map((c) => ({
      kind: c.kind as 'enterprise' | 'gov',
      audit_status: c.audit_status,
      org_name: c.org_name,
      licence_url: store.publicUrl(c.licence_key),
      reason: c.reason,
      submitted_at: c.submitted_at.toISOString(),
      reviewed_at: c.reviewed_at?.toISOString() ?? null,
    })),
    bans: bans.map((b) => banInfoOf(b)),
    created_at: user.created_at.toISOString(),
  };
}

/** The values an audit row keeps of a user before and after a change. */
export async function userState(db: Db, id: number) {
  const user = await db.selectFrom('users').select(['id', 'identities', 'tools', 'short_drama_auth']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  const ban = await db
    .selectFrom('bans')
    .select(['id', 'ban_type', 'ban_range_type', 'reason', 'ends_at'])
    .where('user_id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return {
    verified: user.identities.includes(IDENTITY.REAL_NAME),
    tools: user.tools,
    short_drama: user.short_drama_auth,
    ban: ban ? { id: ban.id, ban_type: ban.ban_type, range: ban.ban_range_type, reason: ban.reason, ends_at: ban.ends_at?.toISOString() ?? null } : null,
  };
}

/** Lifts the ban in force (or any active one past its end); the lifted ban's id, or null when none. */
export async function liftBan(tx: Db, userId: number, operatorId: number | null): Promise<number | null> {
  const lifted = await tx
    .updateTable('bans')
    .set({ active: false, lifted_at: new Date(), lifted_by: operatorId })
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .returning('id')
    .executeTakeFirst();
  return lifted?.id ?? null;
}

export const isForcedLogout = (banType: number): boolean => banType === BanType.FORCED_LOGOUT;

/** A one-time password for a creator: 10 characters, no look-alikes (read out over the phone). */
export function oneTimeCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
