/**
 * The recruitment tool (招聘管理): a creator's job posts. Every call needs the tool `oddjobs` in the
 * creator's tool list (else 1003) and touches only the caller's own posts (another's id: 1004).
 */
import { type Static, Type } from 'typebox';
import { JOB_LIMITS, JobStatus } from './values';
import { FIRST_PAGE, Id, IdOrNew, Int32, OneOf, Paging, Text } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'jobs';
const { OPEN, PAUSED, CLOSED } = JobStatus;
const Status = OneOf([OPEN, PAUSED, CLOSED] as const, { description: '1 招聘中, 2 已暂停, 3 已关闭' });

// Numbers arrive form-encoded; out-of-range ones are refused by the schema, the form's rules
// (checkJob, with their Chinese messages) by the server afterwards. Text bounds leave room for the
// whitespace checkJob trims.
const Amount = Int32;

const JobFields = {
  title: Text(JOB_LIMITS.titleMax * 4),
  /** Monthly salary in yuan. */
  salary_min: Amount,
  salary_max: Amount,
  city: Text(JOB_LIMITS.cityMax * 4),
  headcount: Amount,
  description: Text(JOB_LIMITS.descriptionMax * 2),
  contact_name: Text(JOB_LIMITS.contactNameMax * 4),
  contact_phone: Text(20),
};

export const JobPost = Type.Object({
  id: Type.Integer(),
  ...JobFields,
  status: Status,
  create_time: Type.String(),
  update_time: Type.String(),
});
export type JobPost = Static<typeof JobPost>;

/** What the server assumes when the list is asked for without them. */
export const JOB_LIST_DEFAULTS = { status: 0, page: FIRST_PAGE, size: 10 } as const;

export const jobList = defineRoute({
  method: 'POST',
  url: '/api/job/list',
  operationId: 'jobList',
  summary: 'My job posts, newest first',
  tag,
  body: Type.Object({
    status: Type.Optional(OneOf([0, OPEN, PAUSED, CLOSED] as const, { default: JOB_LIST_DEFAULTS.status, description: '0 every status' })),
    ...Paging({ size: JOB_LIST_DEFAULTS.size, sizeMax: 50 }),
  }),
  data: Type.Object({ list: Type.Array(JobPost), total: Type.Integer() }),
});

export const jobDetail = defineRoute({
  method: 'POST',
  url: '/api/job/detail',
  operationId: 'jobDetail',
  summary: 'One of my job posts',
  tag,
  body: Type.Object({ id: Id }),
  data: JobPost,
});

export const jobSave = defineRoute({
  method: 'POST',
  url: '/api/job/save',
  operationId: 'jobSave',
  summary: 'Create a post (招聘中) or update one; msg 保存成功',
  description: `1002 with the form's message when a rule fails (title ${JOB_LIMITS.titleMin}–${JOB_LIMITS.titleMax} characters, …); 1009 for a closed post.`,
  tag,
  body: Type.Object({
    id: IdOrNew('a post'),
    ...JobFields,
  }),
  data: JobPost,
});

export const jobStatus = defineRoute({
  method: 'POST',
  url: '/api/job/status',
  operationId: 'jobStatus',
  summary: 'Move a post to another status (招聘中 ⇄ 已暂停 → 已关闭); msg 操作成功',
  description: '1009 when the current status does not allow it (已关闭 is final).',
  tag,
  body: Type.Object({ id: Id, status: Status }),
  data: JobPost,
});
