import { formatBadge } from './format-badge';

describe('formatBadge', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [105, '99+'],
  ])('%i → %p', (count, text) => {
    expect(formatBadge(count)).toBe(text);
  });
});
