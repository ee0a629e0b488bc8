/**
 * Demo data for the score, rank and rights screens (first start only). Nothing here writes a score:
 * it writes what the score is computed from — readers' events on the demo accounts' manuscripts,
 * a violation, a field of other creators with their own manuscripts and events (so the rank has more
 * than 100 rows) — and right applications in every review state; then builds today's rank lists.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ManuscriptStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { rebuildRanks } from '../rank/build';
import { DAY_MS, dayOf } from './calendar';

/** Reader interest per demo account (1 = a lively audience). */
const AUDIENCE: Record<string, number> = { '13800000001': 0.8, '13800000006': 1, '13800000007': 0.3, '13800000002': 0.2 };
const FIELD_SIZE = 110;
const FIELD_NAMES = ['豫见', '中原', '黄河', '嵩山', '洛阳', '开封', '郑州', '南阳', '信阳', '安阳'];
/** Field creators cannot log in: a hash no password matches. */
const NO_LOGIN = '!';

/** Deterministic pseudo-random numbers, so every first start shows the same field. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

type EventRow = {
  user_id: number;
  manuscript_id: number;
  content_type: number;
  kind: 'read' | 'like' | 'comment' | 'share';
  amount: number;
  occurred_at: Date;
};

/** One row per kind and day from the day after publication to now. */
function readerEvents(m: { id: number; user_id: number; type: number; published_at: Date }, interest: number, now: number, random: () => number): EventRow[] {
  const rows: EventRow[] = [];
  for (let at = m.published_at.getTime() + 3_600_000; at < now; at += DAY_MS) {
    const base = interest * (0.6 + random() * 0.8);
    const day = new Date(at);
    const add = (kind: EventRow['kind'], amount: number) =>
      amount > 0 && rows.push({ user_id: m.user_id, manuscript_id: m.id, content_type: m.type, kind, amount, occurred_at: day });
    add('read', Math.round(3000 * base));
    add('like', Math.round(60 * base));
    add('comment', Math.round(15 * base));
    add('share', Math.round(8 * base));
  }
  return rows;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

async function seedField(db: Kysely<Database>, now: number, random: () => number): Promise<void> {
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: FIELD_SIZE }, (_, i) => ({
        phone: `139000${String(i + 1).padStart(5, '0')}`,
        password_hash: NO_LOGIN,
        nickname: `${FIELD_NAMES[i % FIELD_NAMES.length]}作者${String(i + 1).padStart(3, '0')}`,
        identities: '["identity_verification"]',
        tools: '[]',
      })),
    )
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .execute();
  const manuscripts = users.flatMap(({ id }, i) => {
    const strong = i % 2 === 0;
    const count = Math.floor(random() * (strong ? 12 : 6)) + (strong ? 6 : 1);
    return Array.from({ length: count }, (_, n) => {
      const rejected = random() < 0.15;
      const type = 1 + Math.floor(random() * 3);
      const at = new Date(now - Math.floor(random() * (strong ? 30 : 45)) * DAY_MS - Math.floor(random() * 20) * 3_600_000);
      return {
        global_id: randomUUID(),
        user_id: id,
        type,
        title: `创作者作品 ${i + 1}-${n + 1}`,
        cover_urls: '[]',
        body: '<p>演示作品。</p>',
        status: rejected ? ManuscriptStatus.REJECTED : ManuscriptStatus.PUBLISHED,
        review_code: null,
        platforms: rejected ? '[]' : '[9]',
        published_at: rejected ? null : at,
        created_at: at,
        updated_at: at,
      };
    });
  });
  const inserted: { id: number; user_id: number; type: number; published_at: Date | null }[] = [];
  await insertChunked(manuscripts, async (chunk) =>
    inserted.push(...(await db.insertInto('manuscripts').values(chunk).returning(['id', 'user_id', 'type', 'published_at']).execute())),
  );
  const interest = new Map(users.map(({ id }) => [id, 0.1 + random() * 0.9]));
  // The field's readers come as one row per kind and work (the day after publication), which keeps
  // the first start quick; the demo accounts get theirs day by day.
  const events = inserted
    .filter((m): m is typeof m & { published_at: Date } => m.published_at !== null)
    .flatMap((m) => {
      const days = Math.max(1, Math.min(30, Math.floor((now - m.published_at.getTime()) / DAY_MS)));
      return readerEvents(
        { ...m, published_at: new Date(Math.max(m.published_at.getTime(), now - 2 * DAY_MS)) },
        (interest.get(m.user_id) ?? 0.5) * days,
        now,
        random,
      ).slice(0, 4);
    });
  await insertChunked(events, (chunk) => db.insertInto('creator_events').values(chunk).execute());
}

async function seedApplications(db: Kysely<Database>, idOf: Map<string, number>, now: number): Promise<void> {
  const at = (days: number) => new Date(now - days * DAY_MS);
  const rows = [
    { phone: '13800000001', right_code: 'original', status: 'approved' as const, reason: '', created_at: at(9), reviewed_at: at(8) },
    {
      phone: '13800000001',
      right_code: 'appreciation',
      status: 'rejected' as const,
      reason: '近期作品原创比例不足，请补充原创作品后再申请',
      created_at: at(5),
      reviewed_at: at(4),
    },
    { phone: '13800000006', right_code: 'original', status: 'pending' as const, reason: '', created_at: at(1), reviewed_at: null },
  ];
  const values = rows.flatMap(({ phone, ...row }) => (idOf.has(phone) ? [{ ...row, user_id: idOf.get(phone) as number }] : []));
  if (values.length) await db.insertInto('right_applications').values(values).execute();
}

/** Seeds the score inputs for the demo accounts created by this run (`phones`), then builds the rank lists. */
export async function seedScoreDemo(db: Kysely<Database>, phones: readonly string[], nowMs = Date.now()): Promise<void> {
  if (!phones.length) return;
  const random = prng(20261123);
  const users = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', phones).execute();
  const idOf = new Map(users.map((u) => [u.phone, u.id]));
  const published = await db
    .selectFrom('manuscripts')
    .select(['id', 'user_id', 'type', 'published_at'])
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .where('published_at', 'is not', null)
    .execute();
  const phoneOf = new Map(users.map((u) => [u.id, u.phone]));
  const events = published.flatMap((m) =>
    readerEvents({ ...m, published_at: m.published_at as Date }, AUDIENCE[phoneOf.get(m.user_id) ?? ''] ?? 0.5, nowMs, random),
  );
  await insertChunked(events, (chunk) => db.insertInto('creator_events').values(chunk).execute());
  const offender = idOf.get('13800000004');
  if (offender)
    await db
      .insertInto('creator_events')
      .values({ user_id: offender, kind: 'violation', amount: 2, note: '发布引战言论', occurred_at: new Date(nowMs - 3 * DAY_MS) })
      .execute();
  await seedApplications(db, idOf, nowMs);
  await seedField(db, nowMs, random);
  await rebuildRanks(db, dayOf(new Date(nowMs)));
}
