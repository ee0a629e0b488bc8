/**
 * Demo data of the creator tools, for the accounts created by this seed run (never touching an
 * existing one): each feature seeds its own (certifications, job posts, short-drama series).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedCertifications } from '../features/enterprise/seed';
import { seedJobPosts } from '../features/jobs/seed';
import { seedDramas } from '../features/short-drama/seed';
import type { ObjectStore } from '../storage/object-store';

const DAY = 86_400_000;
/** The account that holds the recruitment and short-drama demo content. */
const TOOLS_OWNER = '13800000001';

export async function seedCreatorTools(db: Kysely<Database>, phones: readonly string[], storage?: ObjectStore, now = new Date()): Promise<void> {
  if (!phones.length) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('phone', 'in', [...phones])
    .execute();
  const idOf = new Map(users.map((u) => [u.phone, u.id]));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await seedCertifications(db, idOf, ago, storage);
  const owner = idOf.get(TOOLS_OWNER);
  if (!owner) return;
  await seedJobPosts(db, owner, ago);
  await seedDramas(db, owner, ago);
}
