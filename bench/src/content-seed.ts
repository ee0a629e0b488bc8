/**
 * Seeds `rows` drafts and `rows` manuscripts for one creator (the worst case: every row is the same
 * creator's) in one INSERT … SELECT generate_series per table, with the secondary indexes rebuilt after
 * the load (as a restore would), then VACUUM ANALYZE (what autovacuum does soon after a bulk load).
 * Row i: type i % 3 + 1, a minute apart (newest last), a title of two words and the number; the
 * manuscripts cycle through every status.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from 'api-server/src/db/schema';
import { analyzeContentTables } from 'api-server/src/features/drafts/maintenance';
import { dropIndexes } from './materials-seed';

export const CONTENT_WORDS = ['郑州', '黄河', '乡村', '秋收', '老街', '少林', '广场', '文化', '城市', '新闻', 'report', 'daily'];

export async function seedContent(db: Kysely<Database>, userId: number, rows: number): Promise<void> {
  const indexes = [...(await dropIndexes(db, 'drafts')), ...(await dropIndexes(db, 'manuscripts'))];
  const words = `array[${CONTENT_WORDS.map((w) => `'${w}'`).join(',')}]`;
  const columns = `${userId}, gen_random_uuid()::text, (i % 3) + 1,
    (${words})[1 + i % ${CONTENT_WORDS.length}] || (${words})[1 + (i * 7) % ${CONTENT_WORDS.length}] || '稿件 ' || i,
    '[]'::jsonb, '<p>bench</p>', now() - make_interval(mins => ${rows} - i), now() - make_interval(mins => ${rows} - i)`;
  await sql
    .raw(
      `insert into drafts (user_id, global_id, type, title, cover_urls, body, created_at, updated_at) select ${columns} from generate_series(0, ${rows - 1}) i`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into manuscripts (user_id, global_id, type, title, cover_urls, body, created_at, updated_at, status, platforms)
       select ${columns}, (array[4, 5, 6, 7, 12, 13])[1 + (i / 3) % 6], '[9]'::jsonb from generate_series(0, ${rows - 1}) i`,
    )
    .execute(db);
  for (const definition of indexes) await sql.raw(definition).execute(db);
  await analyzeContentTables(db);
}
