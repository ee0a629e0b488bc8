/**
 * Release limits as plain values: the release API's schemas (schemas/releases.ts) are built on them,
 * and the console checks the same ones before it sends, so neither restates the other.
 */

/** The longest reason a release step takes (every step requires one, and it is audited). */
export const RELEASE_REASON_MAX = 200;

/** The largest archive of a built remote the upload takes (gzip-compressed). */
export const RELEASE_ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;

/** A creator's user id as QA users and pins name it: what the rollout keys by (a positive integer). */
export const RELEASE_USER_ID_PATTERN = '^[1-9][0-9]{0,18}$';
