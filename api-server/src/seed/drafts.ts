/**
 * Demo drafts and manuscripts for newly created demo accounts: every content type, with and without
 * covers (inline SVG, so they show without internet), and manuscripts in every status with their
 * publishing platforms. One draft carries pasted markup with script, to show that the detail page
 * sanitizes it. Each account also gets a draft of the editor's collection (合集) and post (动态).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ManuscriptStatus } from 'shared-sdk/contract';
import type { Database } from '../db/schema';

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2'];

export function demoCover(label: string, index: number): string {
  const colour = COLOURS[index % COLOURS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="${colour}"/><text x="160" y="100" font-size="28" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const TYPE_WORDS: Record<number, string> = { 1: '图文', 2: '视频', 3: '图集' };
const DRAFT_TITLES = ['郑州城市更新观察', '黄河文化节现场', '乡村振兴新故事', '秋收时节的豫东平原', '老街里的手艺人', '少林武术进校园', '二七广场夜景'];

const PASTED_BODY =
  '<p>这段内容从网页粘贴而来。</p><script>alert("xss")</script><img src="x" onerror="alert(1)"><p><a href="javascript:alert(2)">原文链接</a></p>';

function draftRows(userId: number, now: number) {
  return DRAFT_TITLES.flatMap((title, index) =>
    [1, 2, 3].map((type, offset) => {
      const n = index * 3 + offset;
      const covers = n % 4 === 0 ? [] : Array.from({ length: type === 3 ? 3 : 1 }, (_, c) => demoCover(`${TYPE_WORDS[type]}${c + 1}`, n + c));
      return {
        global_id: randomUUID(),
        user_id: userId,
        type,
        title: `${title}（${TYPE_WORDS[type]}）`,
        cover_urls: JSON.stringify(covers),
        body: n === 1 ? PASTED_BODY : `<h2>${title}</h2><p>这是一篇${TYPE_WORDS[type]}草稿的正文，<strong>尚未发布</strong>。</p>`,
        created_at: new Date(now - n * 3_600_000),
        updated_at: new Date(now - n * 3_600_000),
      };
    }),
  );
}

/** Review codes per type and state, read with the type's label map (A articles, B videos, C galleries). */
const REVIEW_CODES: Record<number, Partial<Record<number, number[]>>> = {
  1: { [ManuscriptStatus.IN_REVIEW]: [1, 2, 4], [ManuscriptStatus.REJECTED]: [3, 8], [ManuscriptStatus.PUBLISHED]: [5] },
  2: { [ManuscriptStatus.IN_REVIEW]: [1], [ManuscriptStatus.REJECTED]: [2], [ManuscriptStatus.PUBLISHED]: [0] },
  3: { [ManuscriptStatus.REJECTED]: [3, 4], [ManuscriptStatus.PUBLISHED]: [1, 2] },
};
const PLATFORM_SETS = [[9], [1, 9], [1, 2, 9, 31], [3, 4, 8], [5, 6, 7], [9, 10, 11]];

function manuscriptRows(userId: number, now: number) {
  let n = 0;
  return [1, 2, 3].flatMap((type) =>
    Object.values(ManuscriptStatus).flatMap((status) => {
      const codes = REVIEW_CODES[type]?.[status] ?? [null];
      return codes.map((reviewCode) => {
        n += 1;
        const created = new Date(now - n * 5_400_000);
        const published = status === ManuscriptStatus.PUBLISHED || status === ManuscriptStatus.OFFLINE || status === ManuscriptStatus.PRIVATE;
        return {
          global_id: randomUUID(),
          user_id: userId,
          type,
          title: `${DRAFT_TITLES[n % DRAFT_TITLES.length]}·${TYPE_WORDS[type]}稿件${n}`,
          cover_urls: JSON.stringify(n % 5 === 0 ? [] : [demoCover(`稿件${n}`, n)]),
          body: `<p>${TYPE_WORDS[type]}稿件正文 ${n}。</p>`,
          status,
          review_code: reviewCode,
          platforms: JSON.stringify(published ? (PLATFORM_SETS[n % PLATFORM_SETS.length] ?? [9]) : []),
          scheduled_at: status === ManuscriptStatus.SCHEDULED ? new Date(now + 86_400_000 * (1 + (n % 3))) : null,
          published_at: published ? created : null,
          created_at: created,
          updated_at: created,
        };
      });
    }),
  );
}

/** Seeds the content of the demo accounts with these phones (the ones created by this run). */
export async function seedDemoContent(db: Kysely<Database>, phones: readonly string[]): Promise<void> {
  if (!phones.length) return;
  const users = await db.selectFrom('users').select('id').where('phone', 'in', phones).execute();
  const now = Date.now();
  for (const { id } of users) {
    await db.insertInto('drafts').values(draftRows(id, now)).execute();
    await db.insertInto('manuscripts').values(manuscriptRows(id, now)).execute();
    await seedEditorKindDrafts(db, id, now);
  }
}

/**
 * A draft of each of the editor's own kinds (migration 0050_editor): a collection of two of the
 * account's published articles, and a post with a topic and an image; the newest drafts of the list.
 */
async function seedEditorKindDrafts(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const published = await db
    .selectFrom('manuscripts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 1)
    .where('status', '=', ManuscriptStatus.PUBLISHED)
    .orderBy('id')
    .limit(2)
    .execute();
  const collectionCover = demoCover('合集', 2);
  const postImage = demoCover('动态', 4);
  await db
    .insertInto('drafts')
    .values([
      {
        global_id: randomUUID(),
        user_id: userId,
        type: 4,
        title: '中原文化系列合集（合集）',
        cover_urls: JSON.stringify([collectionCover]),
        body: '<p>把这个系列的文章收在一起，方便读者按顺序阅读。</p>',
        item_ids: JSON.stringify(published.map((row) => row.id)),
        created_at: new Date(now - 10 * 60_000),
        updated_at: new Date(now - 10 * 60_000),
      },
      {
        global_id: randomUUID(),
        user_id: userId,
        type: 5,
        title: '今天 #郑州# 下了第一场雪，二七塔格外好看',
        cover_urls: JSON.stringify([postImage]),
        body: '<p>今天 #郑州# 下了第一场雪，二七塔格外好看</p>',
        images: JSON.stringify([{ url: postImage, caption: '' }]),
        created_at: new Date(now - 20 * 60_000),
        updated_at: new Date(now - 20 * 60_000),
      },
    ])
    .execute();
}
