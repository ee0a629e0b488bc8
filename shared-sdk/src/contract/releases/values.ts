/**
 * Release limits as plain values: the release API's schemas (releases/schemas.ts) are built on them,
 * and the console checks the same ones before it sends, so neither restates the other. An entry of
 * its own (`shared-sdk/contract/release-values`), not part of `shared-sdk/contract`: only the
 * console and the server read them, so no creator's page carries them.
 */

/** The longest reason a release step takes (every step requires one, and it is audited). */
export const RELEASE_REASON_MAX = 200;

/** The largest archive of a built remote the upload takes (gzip-compressed). */
export const RELEASE_ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;

/** A creator's user id as QA users and pins name it: what the rollout keys by (a positive integer). */
export const RELEASE_USER_ID_PATTERN = '^[1-9][0-9]{0,18}$';

/** A CI release token's life in days (releaseTokenCreate's `expires_days`): `default` when the call gives none. */
export const RELEASE_TOKEN_DAYS = { min: 1, max: 365, default: 90 } as const;

/** The longest name of a CI release token. */
export const RELEASE_TOKEN_NAME_MAX = 40;

/** A remote's folder name (mf-tools). */
export const RELEASE_REMOTE_PATTERN = '^[a-z][a-z0-9-]{0,63}$';

/** An environment's name (production, staging). */
export const RELEASE_ENV_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
