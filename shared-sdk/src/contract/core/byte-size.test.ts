import { formatBytes } from './byte-size';

describe('formatBytes', () => {
  it('writes bytes below 1 KiB as they are, larger sizes in binary units with one decimal', () => {
    expect([0, 500, 1023].map(formatBytes)).toEqual(['0 B', '500 B', '1023 B']);
    expect([1024, 1536, 3 * 1024 ** 2, 2.25 * 1024 ** 3].map(formatBytes)).toEqual(['1.0 KiB', '1.5 KiB', '3.0 MiB', '2.3 GiB']);
  });

  it('stops at TiB', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048.0 TiB');
  });
});
