import dayjs from 'dayjs';
import { auditFilter } from '../features/audit/audit-filter';
import { pdfProblem } from '../features/newspaper/import-form';
import { queueLabel } from '../pages/review-page';
import { formatAge, secondsSince } from './age';

describe('waiting ages', () => {
  it.each([
    [30, '刚刚'],
    [12 * 60, '12 分钟'],
    [3 * 3600, '3 小时'],
    [3 * 3600 + 5 * 60, '3 小时 5 分钟'],
    [2 * 86400 + 4 * 3600, '2 天 4 小时'],
    [null, '—'],
  ])('%p s → %s', (seconds, text) => expect(formatAge(seconds)).toBe(text));

  it('counts from a time to now', () => {
    expect(secondsSince('2026-11-28T08:00:00.000Z', Date.parse('2026-11-28T09:30:00.000Z'))).toBe(5400);
  });
});

describe('a review tab’s label', () => {
  const queues = [
    { queue: 'enterprise' as const, count: 2, oldest_at: null, oldest_age_seconds: 7200 },
    { queue: 'gov' as const, count: 1, oldest_at: null, oldest_age_seconds: 90000 },
    { queue: 'manuscripts' as const, count: 0, oldest_at: null, oldest_age_seconds: null },
  ];
  it('adds the queues’ count and the oldest item’s age', () => {
    expect(queueLabel('认证申请', queues, ['enterprise', 'gov'])).toBe('认证申请（3，最久 1 天 1 小时）');
    expect(queueLabel('稿件', queues, ['manuscripts'])).toBe('稿件（0）');
    expect(queueLabel('素材', [], ['materials'])).toBe('素材');
  });
});

describe('the audit filter', () => {
  it('leaves blanks out and takes whole days', () => {
    const from = dayjs('2026-11-01T15:00:00');
    const to = dayjs('2026-11-03T09:00:00');
    expect(auditFilter({ operator_id: 2, action: ' user.ban ', target_type: '', range: [from, to] })).toEqual({
      operator_id: 2,
      action: 'user.ban',
      from: dayjs('2026-11-01T00:00:00').toISOString(),
      to: dayjs('2026-11-04T00:00:00').toISOString(),
    });
    expect(auditFilter({})).toEqual({});
  });
});

describe('a newspaper PDF', () => {
  it('must be a non-empty PDF of at most 200 MB', () => {
    expect(pdfProblem({ name: 'a.pdf', size: 10 })).toBeNull();
    expect(pdfProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBe('请选择 PDF 文件');
    expect(pdfProblem({ name: 'a.pdf', size: 0 })).toBe('文件是空的');
    expect(pdfProblem({ name: 'a.pdf', size: 201 * 1024 * 1024 })).toBe('PDF 不能超过 200 MB');
  });
});
