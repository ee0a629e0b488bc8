/**
 * Demo materials for the accounts created by this run: a few approved images in the public library
 * and one of each audit status in 13800000001's own library. Images are inline SVG, so the demo needs
 * no files in storage (their object_key stays empty).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

interface DemoMaterial {
  phone: string;
  title: string;
  color: string;
  check: 1 | 2 | 3 | 4;
  daysAgo: number;
}

const DEMO_MATERIALS: readonly DemoMaterial[] = [
  { phone: '13800000001', title: '春日田野', color: '#7cb305', check: 2, daysAgo: 1 },
  { phone: '13800000001', title: '城市夜景', color: '#1d39c4', check: 1, daysAgo: 2 },
  { phone: '13800000001', title: '黄河日出', color: '#d46b08', check: 3, daysAgo: 3 },
  { phone: '13800000001', title: '秋收时节', color: '#ad8b00', check: 4, daysAgo: 4 },
  { phone: '13800000006', title: '郑州东站', color: '#08979c', check: 2, daysAgo: 5 },
  { phone: '13800000006', title: '嵩山云海', color: '#531dab', check: 2, daysAgo: 6 },
  { phone: '13800000006', title: '龙门石窟', color: '#c41d7f', check: 2, daysAgo: 7 },
  { phone: '13800000006', title: '开封夜市', color: '#cf1322', check: 2, daysAgo: 8 },
];

function svg(title: string, color: string): string {
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">` +
    `<rect width="320" height="200" fill="${color}"/><text x="160" y="110" font-size="28" text-anchor="middle" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

export async function seedDemoMaterials(db: Kysely<Database>, phones: readonly string[]): Promise<void> {
  const wanted = DEMO_MATERIALS.filter((m) => phones.includes(m.phone));
  if (!wanted.length) return;
  const users = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', [...new Set(wanted.map((m) => m.phone))]).execute();
  const idOf = new Map(users.map((u) => [u.phone, u.id]));
  const now = Date.now();
  for (const m of wanted) {
    const owner = idOf.get(m.phone);
    if (!owner) continue;
    const url = svg(m.title, m.color);
    const created = new Date(now - m.daysAgo * 86_400_000);
    const row = await db
      .insertInto('materials')
      .values({ owner_id: owner, cm_type: 2, title: m.title, describe: `${m.title}，演示素材。`, url, icon_url: url, size: url.length, cm_check: m.check, created_at: created, updated_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('material_logs').values({ material_id: row.id, user_id: owner, behavior: 1, created_at: created }).execute();
  }
}
