/**
 * `content_day_counts`: the live drafts and manuscripts per (owner, kind, type, status, day of
 * created_at in UTC), as `content_counts` (0010) per day, kept by statement triggers of their own
 * beside 0010's. A deep page of the drafts or manuscripts seeks by them as a deep material page
 * does by `material_day_counts` (0140): it passes a day's index entries, not half the creator's.
 * `count` is carried in the key's index, so a seek reads it index-only.
 */
import { type Kysely, sql } from 'kysely';

const TABLES = [
  ['drafts', 'draft', '0'],
  ['manuscripts', 'manuscript', 'status'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_day_counts (
      user_id integer not null, kind text not null, type smallint not null, status smallint not null, day date not null, count integer not null,
      constraint content_day_counts_pk primary key (user_id, kind, type, status, day) include (count))`.execute(db);
  for (const [table, kind, status] of TABLES) {
    const day = sql.raw(`(created_at at time zone 'UTC')::date`);
    await sql`
      insert into content_day_counts (user_id, kind, type, status, day, count)
      select user_id, ${kind}, type, ${sql.raw(status)}, ${day}, count(*) from ${sql.table(table)} where deleted_at is null group by 1, 2, 3, 4, 5`.execute(db);
    // Rows a statement added count +1, rows it removed −1, by their (owner, type, status, day). Each
    // branch reads only the transition tables its event has (PL/pgSQL plans a statement when it runs).
    const added = sql`select user_id, type, ${sql.raw(status)} as s, ${day} as d, 1 as delta from new_rows where deleted_at is null`;
    const removed = sql`select user_id, type, ${sql.raw(status)} as s, ${day} as d, -1 as delta from old_rows where deleted_at is null`;
    const apply = (changes: ReturnType<typeof sql>) => sql`
        insert into content_day_counts as c (user_id, kind, type, status, day, count)
          select user_id, ${sql.lit(kind)}, type, s, d, sum(delta) from (${changes}) changes group by user_id, type, s, d having sum(delta) <> 0
        on conflict (user_id, kind, type, status, day) do update set count = c.count + excluded.count;`;
    await sql`
      create function ${sql.raw(`${table}_day_counts_apply`)}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${apply(added)}
        elsif tg_op = 'UPDATE' then ${apply(sql`${added} union all ${removed}`)}
        else ${apply(removed)}
        end if;
        return null;
      end $$`.execute(db);
  }
  for (const [table] of TABLES) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const refs = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
      await sql`create trigger ${sql.raw(`${table}_day_counts_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(refs)} for each statement execute function ${sql.raw(`${table}_day_counts_apply`)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of TABLES) {
    for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`${table}_day_counts_${event}`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.raw(`${table}_day_counts_apply`)}()`.execute(db);
  }
  await sql`drop table content_day_counts`.execute(db);
}
