/**
 * Demo materials for the accounts created by this run: a few approved pictures in the public library
 * and one of each audit status in 13800000001's own library, and for 13800000001 an approved video
 * and an audio (cm_type 3) with their posters. Every file is stored like an upload, under the upload
 * layout (`<kind>/<yyyymmdd>/u<uid>/<32 hex>.<ext>`, features/upload/keys.ts), so the storage serves
 * it typed by its bytes: every seeded material downloads, has its real size and plays. The files are
 * made as the seed runs (demo-media.ts), which happens once, on the first start.
 *
 * Without an object store (a bare database in API tests, never served) the pictures stay inline
 * `data:` URLs and there is no video or audio.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadKind } from '../features/upload/keys';
import type { ObjectStore } from '../storage/object-store';
import { demoAudio, demoPicture, demoVideo, type DemoFile } from './demo-media';

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

interface DemoMedia {
  phone: string;
  kind: 'video' | 'audio';
  title: string;
  describe: string;
  daysAgo: number;
}

const DEMO_MEDIA: readonly DemoMedia[] = [
  { phone: '13800000001', kind: 'video', title: '黄河日出（视频）', describe: '黄河日出，演示视频素材。', daysAgo: 1 },
  { phone: '13800000001', kind: 'audio', title: '晨钟（音频）', describe: '一声清脆的钟声，演示音频素材。', daysAgo: 2 },
];

const pad = (n: number) => String(n).padStart(2, '0');
const dateFolder = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

interface Stored {
  key: string;
  url: string;
  size: number;
}

/**
 * Writes a file as an upload of `owner` on `created` would be written. The server made the pictures
 * itself, without metadata: they are recorded as clean copies (media/clean-copies.ts), as a
 * creator's cleaned upload is.
 */
async function store(db: Kysely<Database>, storage: ObjectStore, kind: UploadKind, owner: number, created: Date, file: DemoFile): Promise<Stored> {
  const key = `${kind}/${dateFolder(created)}/u${owner}/${randomBytes(16).toString('hex')}.${file.ext}`;
  const info = await storage.put(key, file.body, file.contentType);
  if (kind === 'image') await db.insertInto('clean_images').values({ object_key: key, owner_id: owner, source: 'seed' }).execute();
  return { key, url: storage.publicUrl(key), size: info.size };
}

/** The bare-database stand-in: the picture inline (no storage to put it in). */
function inline(file: DemoFile): Stored {
  const url = `data:${file.contentType},${encodeURIComponent(file.body.toString())}`;
  return { key: '', url, size: file.body.length };
}

export async function seedDemoMaterials(db: Kysely<Database>, phones: readonly string[], storage?: ObjectStore): Promise<void> {
  const wanted = DEMO_MATERIALS.filter((m) => phones.includes(m.phone));
  const media = storage ? DEMO_MEDIA.filter((v) => phones.includes(v.phone)) : [];
  if (!wanted.length && !media.length) return;
  const owners = [...new Set([...wanted, ...media].map((m) => m.phone))];
  const users = await db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', owners).execute();
  const idOf = new Map(users.map((u) => [u.phone, u.id]));
  const now = Date.now();
  for (const m of wanted) {
    const owner = idOf.get(m.phone);
    if (!owner) continue;
    const created = new Date(now - m.daysAgo * 86_400_000);
    const picture = demoPicture(m.title, m.color);
    const file = storage ? await store(db, storage, 'image', owner, created, picture) : inline(picture);
    await insertMaterial(db, { owner, cmType: 2, title: m.title, describe: `${m.title}，演示素材。`, check: m.check, created, file, icon: file.url });
  }
  if (storage) await seedDemoMedia(db, storage, media, idOf, now);
}

/** One approved video or audio per entry: the file and its poster written to storage, then the row. */
async function seedDemoMedia(
  db: Kysely<Database>,
  storage: ObjectStore,
  media: readonly DemoMedia[],
  idOf: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  const [video, audio] = await Promise.all([
    media.some((m) => m.kind === 'video') ? demoVideo() : null,
    media.some((m) => m.kind === 'audio') ? demoAudio() : null,
  ]);
  for (const m of media) {
    const owner = idOf.get(m.phone);
    if (!owner) continue;
    const created = new Date(now - m.daysAgo * 86_400_000);
    // An audio's poster is a picture of its title, as the player shows one.
    const made = m.kind === 'video' ? video : audio ? { file: audio, poster: demoPicture(m.title, '#595959') } : null;
    if (!made) continue;
    const file = await store(db, storage, m.kind, owner, created, made.file);
    const poster = await store(db, storage, 'image', owner, created, made.poster);
    await insertMaterial(db, { owner, cmType: 3, title: m.title, describe: m.describe, check: 2, created, file, icon: poster.url });
  }
}

interface NewMaterial {
  owner: number;
  cmType: 2 | 3;
  title: string;
  describe: string;
  check: 1 | 2 | 3 | 4;
  created: Date;
  file: Stored;
  icon: string;
}

async function insertMaterial(db: Kysely<Database>, m: NewMaterial): Promise<void> {
  const row = await db
    .insertInto('materials')
    .values({
      owner_id: m.owner,
      cm_type: m.cmType,
      title: m.title,
      describe: m.describe,
      object_key: m.file.key,
      url: m.file.url,
      icon_url: m.icon,
      size: m.file.size,
      cm_check: m.check,
      created_at: m.created,
      updated_at: m.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('material_logs').values({ material_id: row.id, user_id: m.owner, behavior: 1, created_at: m.created }).execute();
}
