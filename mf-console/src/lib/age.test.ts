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
