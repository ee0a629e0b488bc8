/**
 * Seeds the demo accounts of demo-accounts.ts. Idempotent: an account whose phone already exists is
 * left exactly as it is (an operator may have changed it), so running it on every start is safe.
 */
import type { Kysely } from 'kysely';
import type { Database, NoticeType } from '../db/schema';
import { hashPassword } from '../lib/password';
import type { ObjectStore } from '../storage/object-store';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { seedDemoContent } from './drafts';
import { seedDemoMaterials } from './materials';
import { seedCreatorTools } from './creator-tools';
import { seedScoreDemo } from '../features/score/seed';

const NOTICE_TYPES: readonly NoticeType[] = ['0', '1', 'community'];
const NOTICE_TITLES: Record<NoticeType, string> = { '0': '系统通知', '1': '审核通知', community: '社区消息' };

async function seedAccount(db: Kysely<Database>, account: DemoAccount): Promise<boolean> {
  const passwordHash = await hashPassword(account.password);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('users')
      .values({
        phone: account.phone,
        password_hash: passwordHash,
        nickname: account.nickname,
        identities: JSON.stringify(account.identities),
        tools: JSON.stringify(account.tools ?? []),
        cert_type: account.certType ?? 0,
        short_drama_auth: account.shortDramaAuth ?? false,
        badge_cover_url: account.badgeCoverUrl ?? '',
        enterprise_status: account.enterprise?.status ?? 0,
        enterprise_cert_audit_status: account.enterprise?.certAuditStatus ?? 0,
        creator_score: account.creatorScore ?? 60,
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;

    if (account.ban) {
      await tx
        .insertInto('bans')
        .values({ user_id: inserted.id, ban_type: account.ban.type, ban_range_type: account.ban.range, reason: account.ban.reason })
        .execute();
    }
    const notices = NOTICE_TYPES.flatMap((type, index) =>
      Array.from({ length: account.unread?.[index] ?? 0 }, (_, n) => ({
        user_id: inserted.id,
        type,
        title: `${NOTICE_TITLES[type]} ${n + 1}`,
        body: '这是一条演示通知。',
      })),
    );
    if (notices.length) await tx.insertInto('notices').values(notices).execute();
    return true;
  });
}

/**
 * Returns the phones of the accounts created by this run (none on a second start). With `storage`
 * (the server's object store), the demo materials include a video whose files are stored there.
 */
export async function seedDemoData(db: Kysely<Database>, storage?: ObjectStore): Promise<string[]> {
  const existing = await db
    .selectFrom('users')
    .select('phone')
    .where(
      'phone',
      'in',
      DEMO_ACCOUNTS.map((a) => a.phone),
    )
    .execute();
  const known = new Set(existing.map((row) => row.phone));
  const created: string[] = [];
  // Hashing is deliberately slow: skip accounts that exist before hashing their password.
  for (const account of DEMO_ACCOUNTS.filter((a) => !known.has(a.phone))) {
    if (await seedAccount(db, account)) created.push(account.phone);
  }
  await seedDemoContent(db, created);
  await seedDemoMaterials(db, created, storage);
  await seedCreatorTools(db, created, storage);
  await seedScoreDemo(db, created);
  return created;
}
