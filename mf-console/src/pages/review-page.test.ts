import { queueLabel } from './review-page';

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
