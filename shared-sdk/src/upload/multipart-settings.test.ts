import {
  MAX_PART_SIZE,
  REQUEST_TIMEOUT_MS,
  SLOW_UPLINK_BYTES_PER_S,
  UPLOAD_PARALLEL,
  UPLOAD_PART_SIZE,
  partSizeFor,
  partTimeoutMs,
} from './multipart-settings';

const MB = 1024 * 1024;

describe('partSizeFor', () => {
  it('sends a file that fits in one wave of parallel parts in one wave, larger files in 5 MB parts and large videos in about a hundred parts, up to 16 MB', () => {
    expect(partSizeFor(0)).toBe(UPLOAD_PART_SIZE);
    expect(partSizeFor(20 * MB)).toBe(5 * MB);
    expect(partSizeFor(37 * MB)).toBe(10 * MB);
    expect(Math.ceil((37 * MB) / partSizeFor(37 * MB))).toBe(UPLOAD_PARALLEL);
    expect(partSizeFor(30 * MB, 2)).toBe(15 * MB);
    expect(partSizeFor(37 * MB, 2)).toBe(5 * MB);
    expect(partSizeFor(UPLOAD_PARALLEL * MAX_PART_SIZE)).toBe(MAX_PART_SIZE);
    expect(partSizeFor(UPLOAD_PARALLEL * MAX_PART_SIZE + 1)).toBe(5 * MB);
    expect(partSizeFor(200 * MB)).toBe(5 * MB);
    expect(partSizeFor(500 * MB)).toBe(5 * MB);
    expect(partSizeFor(1024 * MB)).toBe(11 * MB);
    expect(partSizeFor(2048 * MB)).toBe(MAX_PART_SIZE);
  });

  it('stays within what the storage takes in one request (20 MB) and what OSS takes at least (100 KB), in at most 10,000 parts', () => {
    for (const size of [1, 100 * 1024, 37 * MB, 777 * MB, 1024 * MB, 2 * 1024 * MB]) {
      const part = partSizeFor(size);
      expect(part).toBeLessThanOrEqual(20 * MB);
      expect(part).toBeGreaterThanOrEqual(100 * 1024);
      expect(Math.ceil(size / part)).toBeLessThanOrEqual(10_000);
    }
  });
});

describe('partTimeoutMs', () => {
  it("gives the browser's parts the client's timeout, and larger parts the time the slowest uplink needs for them", () => {
    expect(partTimeoutMs(UPLOAD_PART_SIZE, UPLOAD_PARALLEL)).toBe(REQUEST_TIMEOUT_MS);
    expect(partTimeoutMs(1 * MB, UPLOAD_PARALLEL)).toBe(REQUEST_TIMEOUT_MS);
    const large = partTimeoutMs(MAX_PART_SIZE, UPLOAD_PARALLEL);
    expect(large).toBeGreaterThanOrEqual(((MAX_PART_SIZE * UPLOAD_PARALLEL) / SLOW_UPLINK_BYTES_PER_S) * 1000);
    expect(large).toBeGreaterThan(REQUEST_TIMEOUT_MS);
  });
});
