/**
 * The recruitment tool's calls (contract: shared-sdk/src/contract/jobs/schemas.ts). Every one is
 * refused (1003) unless the creator's tool list holds `oddjobs`, checked on each request from the user row.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { JOB_TOOL, ok } from 'shared-sdk/contract';
import { jobs as contract } from 'shared-sdk/contract/schemas';
import type { UserRow } from '../../db/schema';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { forbidden } from '../../lib/api-error';
import { listJobs, ownJob, saveJob, setJobStatus, toJobPost } from './job-store';

export const NO_JOB_TOOL = '未开通招聘管理工具';

function jobUser(request: FastifyRequest): UserRow {
  const { user } = requireAuth(request);
  if (!user.tools.includes(JOB_TOOL)) throw forbidden(NO_JOB_TOOL);
  return user;
}

const jobs: FastifyPluginAsync = async (app) => {
  serve(app, contract.jobList, async (request) => {
    const { status = contract.JOB_LIST_DEFAULTS.status, page = contract.JOB_LIST_DEFAULTS.page, size = contract.JOB_LIST_DEFAULTS.size } = request.body;
    return ok(await listJobs(app.db, jobUser(request).id, { status, page, size }));
  });

  serve(app, contract.jobDetail, async (request) => ok(toJobPost(await ownJob(app.db, jobUser(request).id, request.body.id))));

  serve(app, contract.jobSave, async (request) => ok(toJobPost(await saveJob(app.db, jobUser(request).id, request.body)), '保存成功'));

  serve(app, contract.jobStatus, async (request) =>
    ok(toJobPost(await setJobStatus(app.db, jobUser(request).id, request.body.id, request.body.status)), '操作成功'),
  );
};

export default jobs;
