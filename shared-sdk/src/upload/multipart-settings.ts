/**
 * How the browser cuts a file for a multipart upload to storage. Chosen by measurement with the
 * media bench (bench/README.md, "Media at real size"); parts must stay at or below the storage's
 * 20 MB limit for one request body, and at or above OSS's 100 KB minimum.
 */
const MB = 1024 * 1024;

/** Bytes per part. */
export const UPLOAD_PART_SIZE = MB;
/** Parts in flight at once. */
export const UPLOAD_PARALLEL = 3;
