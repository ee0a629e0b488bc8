/** The review queues: what waits, oldest first, and each queue's length and oldest age. */
import { type Kysely, sql } from 'kysely';
import { CertAuditStatus, ManuscriptStatus, MaterialAuditStatus, type QueueSummary, type QueuedCertification } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';

type Db = Kysely<Database>;

const WAITING_MATERIAL = [MaterialAuditStatus.UNREVIEWED, MaterialAuditStatus.IN_REVIEW];
const WAITING_CERTIFICATION = [CertAuditStatus.SUBMITTED, CertAuditStatus.REVIEWING];

const summary = (queue: QueueSummary['queue'], row: { n: string | number; oldest: Date | string | null }, now: Date): QueueSummary => {
  const oldest = row.oldest === null ? null : new Date(row.oldest);
  return {
    queue,
    count: Number(row.n),
    oldest_at: oldest?.toISOString() ?? null,
    oldest_age_seconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
};

export async function queueSummaries(db: Db, now = new Date()): Promise<QueueSummary[]> {
  const count = sql<string>`count(*)`.as('n');
  const [materials, manuscripts, certifications, appeals] = await Promise.all([
    db
      .selectFrom('materials')
      .select([count, sql<Date | null>`min(created_at)`.as('oldest')])
      .where('deleted_at', 'is', null)
      .where('cm_check', 'in', WAITING_MATERIAL)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('manuscripts')
      .select([count, sql<Date | null>`min(updated_at)`.as('oldest')])
      .where('deleted_at', 'is', null)
      .where('status', '=', ManuscriptStatus.IN_REVIEW)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('certifications')
      .select(['kind', count, sql<Date | null>`min(submitted_at)`.as('oldest')])
      .where('audit_status', 'in', WAITING_CERTIFICATION)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('ban_appeals')
      .select([count, sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  const kind = (name: string) => certifications.find((row) => row.kind === name) ?? { n: 0, oldest: null };
  return [
    summary('materials', materials, now),
    summary('manuscripts', manuscripts, now),
    summary('enterprise', kind('enterprise'), now),
    summary('gov', kind('gov'), now),
    summary('appeals', appeals, now),
  ];
}

const page = <T>(list: T[], total: string | number, pageNo: number, size: number) => ({ list, total: Number(total), page: pageNo, size });

const VIDEO = /\.(mp4|m4v|mov|webm|mkv)(\?|$)/i;
const AUDIO = /\.(mp3|m4a|aac|wav|ogg|oga|flac)(\?|$)/i;

export function mediaOf(cmType: number, url: string): 'image' | 'video' | 'audio' | 'other' {
  if (cmType === 2) return 'image';
  if (VIDEO.test(url)) return 'video';
  if (AUDIO.test(url)) return 'audio';
  return 'other';
}

export async function waitingMaterials(db: Db, o: { cm_check?: number; page: number; size: number }) {
  const states = o.cm_check ? [o.cm_check] : WAITING_MATERIAL;
  const base = db.selectFrom('materials as m').where('m.deleted_at', 'is', null).where('m.cm_check', 'in', states);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'm.owner_id')
      .select(['m.id', 'm.title', 'm.cm_type', 'm.cm_check', 'm.url', 'm.icon_url', 'm.size', 'm.created_at', 'u.id as uid', 'u.phone', 'u.nickname'])
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(o.size)
      .offset((o.page - 1) * o.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    title: r.title,
    cm_type: r.cm_type,
    cm_check: r.cm_check,
    url: r.url,
    icon_url: r.icon_url,
    media: mediaOf(r.cm_type, r.url),
    size: Number(r.size),
    creator: { id: r.uid, phone: r.phone, nickname: r.nickname },
    submitted_at: r.created_at.toISOString(),
  }));
  return page(list, total.n, o.page, o.size);
}

export async function waitingManuscripts(db: Db, o: { page: number; size: number }) {
  const base = db.selectFrom('manuscripts as s').where('s.deleted_at', 'is', null).where('s.status', '=', ManuscriptStatus.IN_REVIEW);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.title', 's.type', 's.status', 's.body', 's.cover_urls', 's.updated_at', 'u.id as uid', 'u.phone', 'u.nickname'])
      .orderBy('s.updated_at')
      .orderBy('s.id')
      .limit(o.size)
      .offset((o.page - 1) * o.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    content: r.body,
    cover_url: r.cover_urls[0] ?? '',
    creator: { id: r.uid, phone: r.phone, nickname: r.nickname },
    submitted_at: r.updated_at.toISOString(),
  }));
  return page(list, total.n, o.page, o.size);
}

type CertificationRow = {
  kind: string;
  audit_status: number;
  org_name: string;
  credit_code: string;
  licence_key: string;
  contact_name: string;
  contact_phone: string;
  submitted_at: Date;
  uid: number;
  phone: string;
  nickname: string;
};

export const certificationOf = (store: ObjectStore, r: CertificationRow): QueuedCertification => ({
  kind: r.kind as QueuedCertification['kind'],
  creator: { id: r.uid, phone: r.phone, nickname: r.nickname },
  audit_status: r.audit_status,
  org_name: r.org_name,
  credit_code: r.credit_code,
  licence_url: store.publicUrl(r.licence_key),
  contact_name: r.contact_name,
  contact_phone: r.contact_phone,
  submitted_at: r.submitted_at.toISOString(),
});

export const certificationColumns = [
  'c.kind',
  'c.audit_status',
  'c.org_name',
  'c.credit_code',
  'c.licence_key',
  'c.contact_name',
  'c.contact_phone',
  'c.submitted_at',
  'u.id as uid',
  'u.phone',
  'u.nickname',
] as const;

export async function waitingCertifications(db: Db, store: ObjectStore, o: { kind?: string; page: number; size: number }) {
  let base = db.selectFrom('certifications as c').where('c.audit_status', 'in', WAITING_CERTIFICATION);
  if (o.kind) base = base.where('c.kind', '=', o.kind);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(certificationColumns)
      .orderBy('c.submitted_at')
      .orderBy('c.id')
      .limit(o.size)
      .offset((o.page - 1) * o.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(
    rows.map((r) => certificationOf(store, r)),
    total.n,
    o.page,
    o.size,
  );
}
