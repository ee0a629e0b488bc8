/**
 * How much one creator may keep in the embedded storage, and how long an upload may wait to be used
 * (api-server/README.md, "Upload limits and the orphan sweep"):
 * - UPLOAD_MAX_OPEN: multipart uploads one creator may have open at once (default 20);
 * - UPLOAD_QUOTA_GB: bytes one creator may hold, in GB (10^9 bytes, decimals allowed; default 20;
 *   0 = no quota): the objects under the creator's keys plus the parts of their open uploads;
 * - ORPHAN_EXPIRY_DAYS: an uploaded object no record names within this many days is removed (default 7);
 * - ORPHAN_SWEEP_INTERVAL_MS: how often the orphan sweep runs, once across every replica
 *   (default 6 hours; 0 = never on this server).
 */
export interface StorageLimits {
  maxOpenUploads: number;
  /** 0 = no quota. */
  quotaBytes: number;
  orphanExpiryMs: number;
  orphanSweepIntervalMs: number;
}

export const DAY_MS = 24 * 60 * 60_000;

type Env = Record<string, string | undefined>;

function numberFrom(env: Env, name: string, fallback: number, integer: boolean): number {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number of at least 0, got "${raw}"`);
  }
  return value;
}

export function storageLimitsFrom(env: Env): StorageLimits {
  return {
    maxOpenUploads: numberFrom(env, 'UPLOAD_MAX_OPEN', 20, true),
    quotaBytes: Math.round(numberFrom(env, 'UPLOAD_QUOTA_GB', 20, false) * 1e9),
    orphanExpiryMs: numberFrom(env, 'ORPHAN_EXPIRY_DAYS', 7, false) * DAY_MS,
    orphanSweepIntervalMs: numberFrom(env, 'ORPHAN_SWEEP_INTERVAL_MS', 6 * 60 * 60_000, true),
  };
}
