/**
 * How the browser cuts a file for a multipart upload to storage. Chosen by measurement with the
 * media bench (bench/RESULTS.md, "Media at real size"); parts must stay at or below the storage's
 * 20 MB limit for one request body, and at or above OSS's 100 KB minimum.
 */
const MB = 1024 * 1024;

/**
 * Bytes per part of an ordinary file. Parts of 5 MB or more stored a 200 MB file about twice as fast
 * as 1 MB parts (each part is a signed request with a session check); 10 and 16 MB were no faster
 * than 5 within the noise at that size. The smallest part of that plateau keeps a lost part cheap to
 * send again.
 */
export const UPLOAD_PART_SIZE = 5 * MB;
/**
 * Parts in flight at once. 3, 4 and 6 measured alike on loopback; on a real network more parts in
 * flight hide the round trips, and 4 leaves 2 of Chromium's 6 connections per host for the page's
 * own calls.
 */
export const UPLOAD_PARALLEL = 4;
/** A large file is cut into about this many parts (1 GB: 11 MB parts), up to MAX_PART_SIZE. */
export const LARGE_FILE_PARTS = 100;
/** The largest part: below the storage's 20 MB per request body. */
export const MAX_PART_SIZE = 16 * MB;
/**
 * The slowest uplink a part must finish on, in bytes per second (1.4 Mbit/s): UPLOAD_PARALLEL parts
 * of UPLOAD_PART_SIZE share it within the storage client's 120 s request timeout.
 */
export const SLOW_UPLINK_BYTES_PER_S = 1_400_000 / 8;
/** The storage client's request timeout (storage-client.ts), the least a part's request is given. */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Bytes per part for a file of `size` bytes sent `parallel` parts at a time:
 * - a file that `parallel` parts of at most MAX_PART_SIZE hold (64 MB with 4) goes in one wave: cut
 *   in `parallel` parts (whole MB, at least UPLOAD_PART_SIZE). Every part costs the browser a CORS
 *   preflight to the storage origin (its URL is new, and Chromium keeps preflights per URL) and the
 *   storage a signed request and a session check; a second wave of parts starts only as the first
 *   ends, its preflights queued behind the first wave's bytes on the storage thread. A 37 MB video in
 *   8 parts of 5 MB paid two waves; in 4 parts of 10 MB it pays one (bench/RESULTS.md, "Browser
 *   uploads"). Progress stays byte-accurate however large the parts (upload-to-storage.ts).
 * - otherwise UPLOAD_PART_SIZE, or for a file over LARGE_FILE_PARTS × that, a hundredth of it in
 *   whole MB (at most MAX_PART_SIZE). The storage thread does per-part work (a signed request, a
 *   session check, a file and its metadata): a 1 GB upload in 11 MB parts went 20–30 % faster than in
 *   5 MB ones, 16 MB parts faster still (media bench, same run).
 */
export function partSizeFor(size: number, parallel = UPLOAD_PARALLEL): number {
  if (size <= parallel * MAX_PART_SIZE) return Math.max(UPLOAD_PART_SIZE, Math.ceil(size / parallel / MB) * MB);
  return Math.min(MAX_PART_SIZE, Math.max(UPLOAD_PART_SIZE, Math.ceil(size / LARGE_FILE_PARTS / MB) * MB));
}

/** Each part's request timeout: long enough for `parallel` parts of `partSize` to share the slowest uplink. */
export function partTimeoutMs(partSize: number, parallel: number): number {
  return Math.max(REQUEST_TIMEOUT_MS, Math.ceil((partSize * parallel) / SLOW_UPLINK_BYTES_PER_S) * 1000);
}
