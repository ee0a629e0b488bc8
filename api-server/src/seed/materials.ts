/**
 * Demo materials for the accounts created by this run: a few approved images in the public library
 * and one of each audit status in 13800000001's own library. Images are inline SVG, so they need no
 * files in storage (their object_key stays empty).
 *
 * With an object store, 13800000001 also gets an approved video (cm_type 3): a few seconds of WebM
 * and its poster, committed under ./assets (made by scripts/make-demo-video.mjs), stored like an
 * upload (`<kind>/<yyyymmdd>/u<uid>/<32 hex>.<ext>`) so the detail screen plays it from storage.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';

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

interface DemoVideo {
  phone: string;
  title: string;
  describe: string;
  daysAgo: number;
}

const DEMO_VIDEOS: readonly DemoVideo[] = [{ phone: '13800000001', title: '黄河日出（视频）', describe: '黄河日出，演示视频素材。', daysAgo: 1 }];

const VIDEO_FILE = new URL('./assets/demo-video.webm', import.meta.url);
const POSTER_FILE = new URL('./assets/demo-video-poster.png', import.meta.url);

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
const objectKey = (kind: 'video' | 'image', owner: number, created: Date, ext: string) =>
  `${kind}/${dateFolder(created)}/u${owner}/${randomBytes(16).toString('hex')}.${ext}`;

function svg(title: string, color: string): string {
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">` +
    `<rect width="320" height="200" fill="${color}"/><text x="160" y="110" font-size="28" text-anchor="middle" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

/** `storage` absent (a bare database, as in most API tests): the images only. */
export async function seedDemoMaterials(db: Kysely<Database>, phones: readonly string[], storage?: ObjectStore): Promise<void> {
  const wanted = DEMO_MATERIALS.filter((m) => phones.includes(m.phone));
  const videos = storage ? DEMO_VIDEOS.filter((v) => phones.includes(v.phone)) : [];
  if (!wanted.length && !videos.length) return;
  const owners = [...new Set([...wanted, ...videos].map((m) => m.phone))];
  const users = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', owners).execute();
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
  if (storage) await seedDemoVideos(db, storage, videos, idOf, now);
}

/** One approved video per entry: the file and its poster written to storage, then the row. */
async function seedDemoVideos(db: Kysely<Database>, storage: ObjectStore, videos: readonly DemoVideo[], idOf: ReadonlyMap<string, number>, now: number): Promise<void> {
  if (!videos.length) return;
  const [video, poster] = await Promise.all([readFile(VIDEO_FILE), readFile(POSTER_FILE)]);
  for (const v of videos) {
    const owner = idOf.get(v.phone);
    if (!owner) continue;
    const created = new Date(now - v.daysAgo * 86_400_000);
    const videoKey = objectKey('video', owner, created, 'webm');
    const posterKey = objectKey('image', owner, created, 'png');
    const stored = await storage.put(videoKey, video, 'video/webm');
    await storage.put(posterKey, poster, 'image/png');
    const row = await db
      .insertInto('materials')
      .values({
        owner_id: owner,
        cm_type: 3,
        title: v.title,
        describe: v.describe,
        object_key: videoKey,
        url: storage.publicUrl(videoKey),
        icon_url: storage.publicUrl(posterKey),
        size: stored.size,
        cm_check: 2,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('material_logs').values({ material_id: row.id, user_id: owner, behavior: 1, created_at: created }).execute();
  }
}
