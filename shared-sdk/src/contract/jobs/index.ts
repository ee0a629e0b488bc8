/**
 * Recruitment tool (招聘管理): a creator's job posts. Every call needs the tool `oddjobs` in the
 * creator's tool list (else 1003) and touches only the caller's own posts (another's id: 1004).
 *
 * The calls are in jobs/schemas.ts; their types below come from there.
 */
import type * as jobs from './schemas';
import type { DataOf, RequestOf } from '../core/route';
import { JOB_LIMITS } from './values';

export * from './values';

export const JOB_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '招聘中', 2: '已暂停', 3: '已关闭' };
/** The statuses each status may move to. */
export const JOB_TRANSITIONS: Readonly<Record<number, readonly number[]>> = { 1: [2, 3], 2: [1, 3], 3: [] };
export const JOB_TOOL = 'oddjobs';

export type JobPost = jobs.JobPost;
export type JobSaveRequest = RequestOf<typeof jobs.jobSave>;
export type JobListRequest = RequestOf<typeof jobs.jobList>;
export type JobListAnswer = DataOf<typeof jobs.jobList>;
export type JobStatusRequest = RequestOf<typeof jobs.jobStatus>;

export const JOB_MESSAGES = {
  TITLE: `职位名称需为${JOB_LIMITS.titleMin}-${JOB_LIMITS.titleMax}个字`,
  SALARY: `月薪需为${JOB_LIMITS.salaryMin}-${JOB_LIMITS.salaryMax}元的整数`,
  SALARY_ORDER: '最低月薪不能高于最高月薪',
  CITY: `请输入工作城市（不超过${JOB_LIMITS.cityMax}个字）`,
  HEADCOUNT: `招聘人数需为1-${JOB_LIMITS.headcountMax}人`,
  DESCRIPTION: `职位描述需为${JOB_LIMITS.descriptionMin}-${JOB_LIMITS.descriptionMax}个字`,
  CONTACT_NAME: `请输入联系人（不超过${JOB_LIMITS.contactNameMax}个字）`,
  CONTACT_PHONE: '请输入正确的联系电话',
} as const;

const chars = (text: string): number => [...text.trim()].length;
const inRange = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/** The form's rules; the first failure's message, or null. Both page and server call it. */
export function checkJob(input: Omit<JobSaveRequest, 'id'>): string | null {
  const L = JOB_LIMITS;
  if (chars(input.title) < L.titleMin || chars(input.title) > L.titleMax) return JOB_MESSAGES.TITLE;
  if (!inRange(input.salary_min, L.salaryMin, L.salaryMax) || !inRange(input.salary_max, L.salaryMin, L.salaryMax)) return JOB_MESSAGES.SALARY;
  if (input.salary_min > input.salary_max) return JOB_MESSAGES.SALARY_ORDER;
  if (chars(input.city) < 1 || chars(input.city) > L.cityMax) return JOB_MESSAGES.CITY;
  if (!inRange(input.headcount, 1, L.headcountMax)) return JOB_MESSAGES.HEADCOUNT;
  if (chars(input.description) < L.descriptionMin || chars(input.description) > L.descriptionMax) return JOB_MESSAGES.DESCRIPTION;
  if (chars(input.contact_name) < 1 || chars(input.contact_name) > L.contactNameMax) return JOB_MESSAGES.CONTACT_NAME;
  if (!/^1[3-9]\d{9}$/.test(input.contact_phone.trim()) && !/^0\d{2,3}-?\d{7,8}$/.test(input.contact_phone.trim())) return JOB_MESSAGES.CONTACT_PHONE;
  return null;
}

export function formatSalary(min: number, max: number): string {
  const k = (n: number) => (n >= 1000 && n % 100 === 0 ? `${n / 1000}K` : `${n}`);
  return min === max ? `${k(min)}/月` : `${k(min)}-${k(max)}/月`;
}
