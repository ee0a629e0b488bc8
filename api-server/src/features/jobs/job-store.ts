/**
 * Job posts of the recruitment tool: owner-only reads and writes, the form's rules of the contract
 * again on the server, and the status machine (招聘中 ⇄ 已暂停 → 已关闭, closed is final). Every
 * change is one guarded UPDATE, so two tabs cannot reopen a post the other closed.
 */
import type { Kysely } from 'kysely';
import { type JobListAnswer, type JobPost, type JobSaveRequest, JOB_TRANSITIONS, JobStatus, checkJob } from 'shared-sdk/contract';
import type { Database, JobPostRow } from '../../db/schema';
import { formatTime } from '../../lib/china-time';
import { conflict, invalid, notFound } from '../../lib/api-error';

export const JOB_REFUSALS = {
  NOT_FOUND: '职位不存在',
  CLOSED: '已关闭的职位不能再修改',
  TRANSITION: '当前状态不能执行该操作',
} as const;

export function toJobPost(row: JobPostRow): JobPost {
  return {
    id: row.id,
    title: row.title,
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    city: row.city,
    headcount: row.headcount,
    description: row.description,
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    status: row.status as JobStatus,
    create_time: formatTime(row.created_at),
    update_time: formatTime(row.updated_at),
  };
}

export async function listJobs(db: Kysely<Database>, ownerId: number, o: { status: number; page: number; size: number }): Promise<JobListAnswer> {
  let query = db.selectFrom('job_posts').where('owner_id', '=', ownerId);
  if (o.status) query = query.where('status', '=', o.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(o.size)
      .offset((o.page - 1) * o.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toJobPost), total: Number(count.n) };
}

/** Another creator's post answers exactly like a missing one: ids reveal nothing. */
export async function ownJob(db: Kysely<Database>, ownerId: number, id: number): Promise<JobPostRow> {
  const row = await db.selectFrom('job_posts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) throw notFound(JOB_REFUSALS.NOT_FOUND);
  return row;
}

export async function saveJob(db: Kysely<Database>, ownerId: number, input: JobSaveRequest, now = new Date()): Promise<JobPostRow> {
  const problem = checkJob(input);
  if (problem) throw invalid(problem);
  const values = {
    title: input.title.trim(),
    salary_min: input.salary_min,
    salary_max: input.salary_max,
    city: input.city.trim(),
    headcount: input.headcount,
    description: input.description.trim(),
    contact_name: input.contact_name.trim(),
    contact_phone: input.contact_phone.trim(),
  };
  if (!input.id) {
    return db
      .insertInto('job_posts')
      .values({ owner_id: ownerId, ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const current = await ownJob(db, ownerId, input.id);
  if (current.status === JobStatus.CLOSED) throw conflict(JOB_REFUSALS.CLOSED);
  const row = await db
    .updateTable('job_posts')
    .set({ ...values, updated_at: now })
    .where('id', '=', input.id)
    .where('owner_id', '=', ownerId)
    .where('status', '!=', JobStatus.CLOSED)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(JOB_REFUSALS.CLOSED);
  return row;
}

export async function setJobStatus(db: Kysely<Database>, ownerId: number, id: number, status: number, now = new Date()): Promise<JobPostRow> {
  const current = await ownJob(db, ownerId, id);
  const from = Object.entries(JOB_TRANSITIONS)
    .filter(([, targets]) => targets.includes(status))
    .map(([source]) => Number(source));
  if (current.status === JobStatus.CLOSED) throw conflict(JOB_REFUSALS.CLOSED);
  if (!from.includes(current.status)) throw conflict(JOB_REFUSALS.TRANSITION);
  const row = await db
    .updateTable('job_posts')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(JOB_REFUSALS.TRANSITION);
  return row;
}
