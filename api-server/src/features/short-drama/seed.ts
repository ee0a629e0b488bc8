/** Demo short-drama series of 13800000001: 连载中 with 3 episodes, 已完结 with 2. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const cover = (title: string, color: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="${color}"/><text x="150" y="210" font-size="32" text-anchor="middle" fill="#fff">${title}</text></svg>`,
  )}`;

export async function seedDramas(db: Kysely<Database>, owner: number, ago: (days: number) => Date): Promise<void> {
  const series = [
    { title: '黄河人家', color: '#d46b08', status: 1, episodes: 3, days: 6 },
    { title: '老城新事', color: '#1d39c4', status: 2, episodes: 2, days: 12 },
  ];
  for (const s of series) {
    const drama = await db
      .insertInto('dramas')
      .values({
        owner_id: owner,
        title: s.title,
        cover_url: cover(s.title, s.color),
        intro: `《${s.title}》演示短剧简介。`,
        status: s.status,
        created_at: ago(s.days),
        updated_at: ago(s.days),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('drama_episodes')
      .values(
        Array.from({ length: s.episodes }, (_, i) => ({
          drama_id: drama.id,
          episode_no: i + 1,
          title: `第${i + 1}集`,
          video_url: 'https://example.com/demo-episode.mp4',
          created_at: ago(s.days - i * 0.5),
          updated_at: ago(s.days - i * 0.5),
        })),
      )
      .execute();
  }
}
