/**
 * Server configuration, read once from the environment. Every variable has a default so that a
 * fresh checkout starts with no setup; each one is documented in the package README.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  port: number;
  host: string;
  /** Where the embedded database (and later the embedded object storage) keep their files. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database in dataDir/pglite. */
  databaseUrl: string;
  appId: string;
  appSecret: string;
  tokenTtlHours: number;
  customerServiceUrl: string;
  newspaperHost: string;
  userHost: string;
  analyticsHost: string;
  /** The repository root: the host build is WEB_ROOT/host-shell/dist, remotes WEB_ROOT/<remote>/dist. */
  webRoot: string;
  /** When true the remotes list points at the remotes' dev servers instead of their builds. */
  mfDevServers: boolean;
  appEnv: string;
  /** Requests per minute and client address before the server answers 429. */
  rateLimitPerMinute: number;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limit, login log). */
  trustProxy: boolean;
  /** The release store folder (RELEASES_DIR); empty means `<dataDir>/releases` (see releasesDirOf). */
  releasesDir: string;
  /** The rollout manifest the server follows (RELEASE_ENV). */
  releaseEnv: string;
  /** Auto-rollback: points the canary's failure rate may exceed stable's, and loads before judging. */
  rollbackMarginPct: number;
  rollbackMinLoads: number;
  /** RELEASES_BUCKET_PREFIX: when set (e.g. `releases/`), the release store is that prefix of the object storage bucket. */
  releasesBucketPrefix: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Not a secret: the product embeds the app id and its signing secret in the page (spec §7); signing
 * only keeps stale or hand-edited requests out. Override it per environment anyway.
 */
export const DEV_APP_SECRET = 'creator-web-dev-secret-0f9c2a';

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const webRoot = path.resolve(env.WEB_ROOT || REPO_ROOT);
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: env.DATABASE_URL ?? '',
    appId: env.APP_ID || 'creator-web',
    appSecret: env.APP_SECRET || DEV_APP_SECRET,
    tokenTtlHours: intFrom(env, 'TOKEN_TTL_HOURS', 72),
    customerServiceUrl: env.CUSTOMER_SERVICE_URL ?? '',
    newspaperHost: env.NEWSPAPER_HOST ?? '',
    userHost: env.USER_HOST ?? '',
    analyticsHost: env.ANALYTICS_HOST ?? '',
    webRoot,
    mfDevServers: env.MF_DEV_SERVERS === '1' || env.MF_DEV_SERVERS === 'true',
    appEnv: env.APP_ENV || 'development',
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 1200),
    logLevel: env.LOG_LEVEL || 'info',
    // Off by default: without a proxy in front, a client could forge the header to dodge limits.
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : '',
    releaseEnv: env.RELEASE_ENV || 'production',
    rollbackMarginPct: intFrom(env, 'ROLLBACK_MARGIN_PCT', 5),
    rollbackMinLoads: intFrom(env, 'ROLLBACK_MIN_LOADS', 20),
    releasesBucketPrefix: env.RELEASES_BUCKET_PREFIX ?? '',
  };
}

/** Resolved late so that a test overriding dataDir also moves the release store. */
export function releasesDirOf(config: Pick<AppConfig, 'releasesDir' | 'dataDir'>): string {
  return config.releasesDir || path.join(config.dataDir, 'releases');
}
