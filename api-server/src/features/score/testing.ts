/** Test helpers of the score features: creators with manuscripts and events on fixed days. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ManuscriptStatus } from 'shared-sdk/contract';
import { createUser } from '../../cli/commands';
import type { CreatorEventKind, Database } from '../../db/schema';
import { dayStart } from './calendar';

/** Noon of a day of the product's calendar. */
export const noonOf = (day: string): Date => new Date(dayStart(day).getTime() + 12 * 3_600_000);

export async function makeCreator(db: Kysely<Database>, phone: string, verified = true): Promise<number> {
  await createUser(db, { phone, password: 'demo1234', nickname: `作者${phone.slice(-4)}`, verified });
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
}

export async function publish(db: Kysely<Database>, userId: number, day: string, o: { type?: number; rejected?: boolean } = {}): Promise<number> {
  const at = noonOf(day);
  const row = await db
    .insertInto('manuscripts')
    .values({
      global_id: randomUUID(),
      user_id: userId,
      type: o.type ?? 1,
      title: `作品 ${day}`,
      cover_urls: '[]',
      body: '<p>正文</p>',
      status: o.rejected ? ManuscriptStatus.REJECTED : ManuscriptStatus.PUBLISHED,
      review_code: null,
      platforms: '[9]',
      published_at: o.rejected ? null : at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function event(db: Kysely<Database>, userId: number, day: string, kind: CreatorEventKind, amount: number, contentType = 1): Promise<void> {
  await db
    .insertInto('creator_events')
    .values({ user_id: userId, kind, amount, content_type: kind === 'violation' ? 0 : contentType, occurred_at: noonOf(day) })
    .execute();
}
