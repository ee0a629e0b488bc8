/**
 * How the browser cuts a file for a multipart upload to storage. Chosen by measurement with the
 * media bench (bench/README.md, "Media at real size"); parts must stay at or below the storage's
 * 20 MB limit for one request body, and at or above OSS's 100 KB minimum.
 */
const MB = 1024 * 1024;

/**
 * Bytes per part. Parts of 5 MB or more stored a 200 MB file about twice as fast as 1 MB parts (each
 * part is a signed request with a session check); 10 and 16 MB were no faster than 5 within the
 * noise. The smallest part of that plateau keeps a lost part cheap to send again and lets
 * UPLOAD_PARALLEL parts finish within ali-oss's 120 s request timeout on an uplink of 1.4 Mbit/s.
 */
export const UPLOAD_PART_SIZE = 5 * MB;
/**
 * Parts in flight at once. 3, 4 and 6 measured alike on loopback; on a real network more parts in
 * flight hide the round trips, and 4 leaves 2 of Chromium's 6 connections per host for the page's
 * own calls.
 */
export const UPLOAD_PARALLEL = 4;
