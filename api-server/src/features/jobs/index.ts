/**
 * The recruitment tool's calls (contract: shared-sdk/src/contract/jobs.ts). Every one is refused
 * (1003) unless the creator's tool list holds `oddjobs`, checked on each request from the user row.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type JobListAnswer, type JobPost, type JobSaveRequest, JOB_LIMITS, JOB_TOOL, ok } from 'shared-sdk/contract';
import type { UserRow } from '../../db/schema';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { forbidden, id, optionalId, text } from '../tools/text';
import { listJobs, ownJob, saveJob, setJobStatus, toJobPost } from './job-store';

export const NO_JOB_TOOL = '未开通招聘管理工具';

function jobUser(request: FastifyRequest): UserRow {
  const { user } = requireAuth(request);
  if (!user.tools.includes(JOB_TOOL)) throw forbidden(NO_JOB_TOOL);
  return user;
}

// Numbers arrive form-encoded; out-of-range ones are refused here, the exact rules in checkJob.
const amount = { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 };
const saveBody = objectOf(
  {
    id: optionalId,
    title: text(JOB_LIMITS.titleMax * 4),
    salary_min: amount,
    salary_max: amount,
    city: text(JOB_LIMITS.cityMax * 4),
    headcount: amount,
    description: text(JOB_LIMITS.descriptionMax * 2),
    contact_name: text(JOB_LIMITS.contactNameMax * 4),
    contact_phone: text(20),
  },
  ['title', 'salary_min', 'salary_max', 'city', 'headcount', 'description', 'contact_name', 'contact_phone'],
);
const listBody = objectOf(
  {
    status: { type: 'integer', enum: [0, 1, 2, 3], default: 0 },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
  [],
);
const jobItem = objectOf({
  id: int,
  title: str,
  salary_min: int,
  salary_max: int,
  city: str,
  headcount: int,
  description: str,
  contact_name: str,
  contact_phone: str,
  status: int,
  create_time: str,
  update_time: str,
});
const jobAnswer = envelope(jobItem);

const jobs: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { status: number; page: number; size: number } }>(
    '/api/job/list',
    { schema: { body: listBody, response: { 200: envelope(objectOf({ list: { type: 'array', items: jobItem }, total: int })) } } },
    async (request) => ok<JobListAnswer>(await listJobs(app.db, jobUser(request).id, request.body)),
  );

  app.post<{ Body: { id: number } }>('/api/job/detail', { schema: { body: objectOf({ id }), response: { 200: jobAnswer } } }, async (request) =>
    ok<JobPost>(toJobPost(await ownJob(app.db, jobUser(request).id, request.body.id))),
  );

  app.post<{ Body: JobSaveRequest }>('/api/job/save', { schema: { body: saveBody, response: { 200: jobAnswer } } }, async (request) =>
    ok<JobPost>(toJobPost(await saveJob(app.db, jobUser(request).id, request.body)), '保存成功'),
  );

  app.post<{ Body: { id: number; status: number } }>(
    '/api/job/status',
    { schema: { body: objectOf({ id, status: { type: 'integer', enum: [1, 2, 3] } }), response: { 200: jobAnswer } } },
    async (request) => ok<JobPost>(toJobPost(await setJobStatus(app.db, jobUser(request).id, request.body.id, request.body.status)), '操作成功'),
  );
};

export default jobs;
