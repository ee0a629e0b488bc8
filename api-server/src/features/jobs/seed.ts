/** Demo job posts of 13800000001, one in each status (招聘中, 已暂停, 已关闭). */
import type { Kysely } from 'kysely';
import { JobStatus } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';

export async function seedJobPosts(db: Kysely<Database>, owner: number, ago: (days: number) => Date): Promise<void> {
  const job = (title: string, status: number, days: number, salary: [number, number], city: string) => ({
    owner_id: owner,
    title,
    salary_min: salary[0],
    salary_max: salary[1],
    city,
    headcount: 2,
    description: `负责${title}相关工作，要求责任心强、有相关经验者优先，待遇面议。`,
    contact_name: '王经理',
    contact_phone: '0371-65795000',
    status,
    created_at: ago(days),
    updated_at: ago(days),
  });
  await db
    .insertInto('job_posts')
    .values([
      job('视频剪辑师', JobStatus.CLOSED, 20, [6000, 9000], '郑州'),
      job('新媒体运营', JobStatus.PAUSED, 10, [5000, 8000], '洛阳'),
      job('短视频编导', JobStatus.OPEN, 2, [8000, 12000], '郑州'),
    ])
    .execute();
}
