/**
 * Seeds N materials in one statement (generate_series), with the count trigger off and the secondary
 * indexes dropped during the load, then rebuilds counters and indexes as the migrations define them.
 * Owners: every 10th material (g % 10 = 3) belongs to the demo account 13800000001 (its "mine" case), the rest to
 * 1,000 bench accounts; 70 % are approved; dates spread over two years; titles from two word lists.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from 'api-server/src/db/schema';

const WORDS_A = ['春天', '城市', '黄河', '嵩山', '郑州', '夜景', '田野', '古城', '花开', '云海', '秋收'];
const WORDS_B = ['日出', '街头', '人物', '航拍', '美食', '老街', '湖面', '晚霞', '列车', '校园', '集市', '灯会'];

/**
 * The table's secondary indexes as the migrations defined them (pg_indexes), dropped before a bulk
 * load and rebuilt after it from the same definitions: building an index once is far cheaper than
 * updating it a million times.
 */
export async function dropIndexes(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = ${table} and indexname not in (select conname from pg_constraint)`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.ref(name)}`.execute(db);
  return rows.map((row) => row.definition);
}

const list = (words: string[]): string => `array[${words.map((w) => `'${w}'`).join(',')}]`;

export async function seedMaterials(db: Kysely<Database>, n: number, demoUserId: number, log: (line: string) => void): Promise<void> {
  let started = Date.now();
  await sql`insert into users (phone, password_hash, nickname) select 'bench' || g, 'x', '压测账号' || g from generate_series(1, 1000) g on conflict do nothing`.execute(
    db,
  );
  const { min } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('id').as('min'))
    .where('phone', 'like', 'bench%')
    .executeTakeFirstOrThrow();
  const firstOwner = Number(min);
  await sql`alter table materials disable trigger materials_count`.execute(db);
  const indexes = await dropIndexes(db, 'materials');
  await sql
    .raw(
      `insert into materials (owner_id, cm_type, title, describe, url, icon_url, size, cm_check, created_at, updated_at)
       select case when g % 10 = 3 then ${demoUserId} else ${firstOwner} + (g % 1000) end,
              case when g % 20 = 11 then 3 else 2 end,
              (${list(WORDS_A)})[1 + g % ${WORDS_A.length}] || (${list(WORDS_B)})[1 + (g / ${WORDS_A.length}) % ${WORDS_B.length}] || g,
              '压测素材',
              '/oss/creator/image/bench/' || g || '.png', '/oss/creator/image/bench/' || g || '.png',
              1024 + g % 4096,
              case when (g / 10) % 10 < 7 then 2 when (g / 10) % 10 = 7 then 1 when (g / 10) % 10 = 8 then 3 else 4 end,
              now() - make_interval(secs => g * (63072000.0 / ${n})),
              now()
       from generate_series(1, ${n}) g`,
    )
    .execute(db);
  log(`  inserted ${n.toLocaleString('en')} materials in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await sql`delete from material_counts`.execute(db);
  await sql`insert into material_counts (owner_id, cm_type, cm_check, n)
            select owner_id, cm_type, cm_check, count(*) from materials where deleted_at is null group by owner_id, cm_type, cm_check
            union all
            select 0, cm_type, cm_check, count(*) from materials where deleted_at is null group by cm_type, cm_check`.execute(db);
  await sql`delete from material_day_counts`.execute(db);
  await sql`insert into material_day_counts (owner_id, cm_type, cm_check, day, n)
            select owner_id, cm_type, cm_check, (created_at at time zone 'UTC')::date, count(*) from materials where deleted_at is null group by 1, 2, 3, 4
            union all
            select 0, cm_type, cm_check, (created_at at time zone 'UTC')::date, count(*) from materials where deleted_at is null group by 2, 3, 4`.execute(db);
  await sql`alter table materials enable trigger materials_count`.execute(db);
  for (const definition of indexes) await sql.raw(definition).execute(db);
  await sql`vacuum analyze materials`.execute(db);
  log(`  counters, indexes and vacuum in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/*
 * What the list benches (materials.ts, drafts.ts) share besides the seed: latency under concurrent
 * clients, and the bare route measured the same way in the same run as the baseline.
 */

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `clients` callers, each sending its next request as soon as its last one is answered, until
 * `requests` answers are in (after a warm-up of one request per client, not counted).
 */
export async function measureConcurrent(call: () => Promise<unknown>, clients: number, requests: number): Promise<Latency> {
  await Promise.all(Array.from({ length: clients }, () => call()));
  const times: number[] = [];
  let sent = 0;
  const started = performance.now();
  const client = async (): Promise<void> => {
    while (sent < requests) {
      sent += 1;
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: times.length / seconds };
}

export const LATENCY_HEADER = `${'scenario'.padEnd(34)} ${'total'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(7)} ${'p99/bare'.padStart(9)}`;

export function latencyLine(name: string, total: number | string, l: Latency, bare: Latency | null): string {
  const cells = [l.p50, l.p95, l.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  const ratio = bare && bare.p99 > 0 ? `${(l.p99 / bare.p99).toFixed(1)}×` : '';
  return `${name.padEnd(34)} ${String(total).padStart(8)} ${cells} ${l.rps.toFixed(0).padStart(7)} ${ratio.padStart(9)}`;
}
