/**
 * The search bench's request mix (issue: search and lists at a million rows): each case is one signed
 * call, in a class with a weight out of 100. Keywords are chosen against the seed (materials-seed.ts,
 * content-seed.ts): the commonest are a word of the title lists (in 1 of 11 titles), a single
 * character in 2 of 11, and a draft word in 1 of 6; the middling ones a word pair (1 in 132); the
 * rare ones a title's number. A deep page is the middle page of its list, the farthest from both ends.
 */
import http from 'node:http';
import { type Call, send } from './open-loop';

export const CLASSES = ['page 1', 'keyword, rare', 'keyword, middling', 'keyword, commonest', 'deep page', 'draft/manuscript search'] as const;

export interface Case {
  className: (typeof CLASSES)[number];
  name: string;
  weight: number;
  call: Call;
  /** The list's total as the first answer gave it (a capped one ends in "+"). */
  total: string;
}

type Spec = Omit<Case, 'total'>;

const material = (all: 0 | 1, params: Record<string, string | number> = {}): Call => ({
  method: 'POST',
  path: '/api/material/list',
  params: { all, per_page: 24, ...params },
});
const draft = (params: Record<string, string | number>): Call => ({
  method: 'GET',
  path: '/api/draft/search',
  params: { type: 0, page: 1, size: 10, ...params },
});
const manuscript = (params: Record<string, string | number>): Call => ({
  method: 'GET',
  path: '/api/manuscript/list',
  params: { type: 1, status: 20, page: 1, size: 10, ...params },
});

const FIXED: Spec[] = [
  { className: 'page 1', name: 'my materials', weight: 30, call: material(0) },
  { className: 'page 1', name: 'public library', weight: 30, call: material(1) },
  { className: 'keyword, rare', name: 'public 嵩山日出1234', weight: 4, call: material(1, { cm_title: '嵩山日出1234' }) },
  { className: 'keyword, rare', name: 'mine 100003', weight: 3, call: material(0, { cm_title: '100003' }) },
  { className: 'keyword, middling', name: 'public 嵩山日出', weight: 4, call: material(1, { cm_title: '嵩山日出' }) },
  { className: 'keyword, middling', name: 'mine 黄河航拍', weight: 3, call: material(0, { cm_title: '黄河航拍' }) },
  { className: 'keyword, commonest', name: 'public 黄河', weight: 2, call: material(1, { cm_title: '黄河' }) },
  { className: 'keyword, commonest', name: 'public 城 (1 character)', weight: 2, call: material(1, { cm_title: '城' }) },
  { className: 'keyword, commonest', name: 'mine 黄河', weight: 2, call: material(0, { cm_title: '黄河' }) },
  { className: 'draft/manuscript search', name: 'drafts 黄河', weight: 3, call: draft({ title: '黄河' }) },
  { className: 'draft/manuscript search', name: 'drafts "稿件 4242"', weight: 2, call: draft({ title: '稿件 4242' }) },
  { className: 'draft/manuscript search', name: 'manuscripts 郑州', weight: 3, call: manuscript({ title: '郑州' }) },
  { className: 'draft/manuscript search', name: 'drafts 乡村, tab 图文', weight: 2, call: draft({ type: 1, title: '乡村' }) },
];

/** Deep pages: the middle page of each list, from its page 1's total. */
const DEEP: Array<{ name: string; weight: number; call: Call; size: number; total: (answer: Answer) => number }> = [
  { name: 'public library', weight: 3, call: material(1), size: 24, total: (a) => a.data.data?.total ?? 0 },
  { name: 'my materials', weight: 2, call: material(0), size: 24, total: (a) => a.data.data?.total ?? 0 },
  { name: 'drafts', weight: 3, call: draft({}), size: 10, total: (a) => a.data.count ?? 0 },
  { name: 'manuscripts', weight: 2, call: manuscript({}), size: 10, total: (a) => a.data.count ?? 0 },
];

interface Answer {
  code: number;
  msg: string;
  data: { data?: { total: number; more?: boolean }; count?: number; more?: boolean };
}

const agent = new http.Agent({ keepAlive: false });

/** One signed call as the mix sends it; throws unless it succeeds. */
async function ask(port: number, token: string, call: Call): Promise<Answer> {
  return JSON.parse(await send(agent, { port, token, timeoutMs: 30_000 }, call)) as Answer;
}

const totalOf = (a: Answer): string => {
  const total = a.data.data?.total ?? a.data.count ?? 0;
  return `${total}${(a.data.data?.more ?? a.data.more) ? '+' : ''}`;
};

/** Logs in as the seeded creator (13800000001) and returns the mix's cases with their totals. */
export async function buildCases(port: number): Promise<{ token: string; cases: Case[] }> {
  const login = await ask(port, '', { method: 'POST', path: '/login/admin/login', params: { phone: '13800000001', password: 'demo1234' } });
  const token = (login.data as unknown as { token: string }).token;
  const cases: Case[] = [];
  for (const spec of FIXED) cases.push({ ...spec, total: totalOf(await ask(port, token, spec.call)) });
  for (const deep of DEEP) {
    const total = deep.total(await ask(port, token, deep.call));
    const page = Math.max(1, Math.ceil(total / deep.size / 2));
    const call = { ...deep.call, params: { ...deep.call.params, page } };
    cases.push({ className: 'deep page', name: `${deep.name}, page ${page}`, weight: deep.weight, call, total: totalOf(await ask(port, token, call)) });
  }
  return { token, cases };
}

/**
 * The cases in sending order: a cycle of 100 slots where each case takes `weight` of them, spread
 * evenly (smooth weighted round robin), so every stretch of the run carries the whole mix.
 */
export function weightedCycle(cases: Case[]): Case[] {
  const sum = cases.reduce((n, c) => n + c.weight, 0);
  const credit = cases.map(() => 0);
  const cycle: Case[] = [];
  for (let slot = 0; slot < sum; slot += 1) {
    cases.forEach((c, i) => (credit[i]! += c.weight));
    let best = 0;
    credit.forEach((value, i) => {
      if (value > credit[best]!) best = i;
    });
    credit[best]! -= sum;
    cycle.push(cases[best]!);
  }
  return cycle;
}
