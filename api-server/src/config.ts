/**
 * Server configuration, read once from the environment. Every variable has a default so that a
 * fresh checkout starts with no setup; each one is documented in the package README.
 */
import path from 'node:path';
import { REPO_ROOT } from './own-files';
import { parseWebhooks, type Webhook } from './features/releases/alerts';
import { type StorageLimits, storageLimitsFrom } from './storage/limits';

export interface AppConfig {
  port: number;
  host: string;
  /** Where the embedded database and the embedded object storage keep their files. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database in dataDir/pglite. */
  databaseUrl: string;
  appId: string;
  appSecret: string;
  tokenTtlHours: number;
  /** OPERATOR_SESSION_HOURS: lifetime of an operator's console session (the console's sign-in). */
  operatorSessionHours: number;
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
  /**
   * METRICS_TOKEN: the bearer token Prometheus sends to GET /metrics. Without it /metrics is open in
   * development and absent (404) in production.
   */
  metricsToken: string;
  /** The release store folder (RELEASES_DIR); empty means `<dataDir>/releases` (see releasesDirOf). */
  releasesDir: string;
  /** The rollout manifest the server follows (RELEASE_ENV). */
  releaseEnv: string;
  /** Auto-rollback: points the canary's failure rate may exceed stable's, and loads before judging. */
  rollbackMarginPct: number;
  rollbackMinLoads: number;
  /** How often this server advances step plans and watches promoted versions (RELEASE_STEP_CHECK_MS); 0 = never. */
  releaseStepCheckMs: number;
  /** RELEASE_WEBHOOKS: where release alerts go (rollbacks, failed analyses, promotes); see features/releases/alerts.ts. */
  releaseWebhooks: Webhook[];
  /** RELEASES_BUCKET_PREFIX: when set (e.g. `releases/`), the release store is that prefix of the object storage bucket. */
  releasesBucketPrefix: string;
  /** A real Alibaba Cloud OSS bucket (OSS_BUCKET and its companions); null = the embedded storage. */
  ossBucket: OssBucketConfig | null;
  /**
   * Embedded storage only: an operator's long-term key (OSS_ACCESS_KEY_ID/SECRET without OSS_BUCKET)
   * that the embedded OSS routes accept with full access, as a bucket owner's key on OSS.
   */
  ossOperatorKey: OssAccessKey | null;
  /**
   * OSS_ALLOW_V1_SIGNATURE (embedded storage only): also accept requests signed with OSS signature
   * V1, for clients not yet moved to V4. Off by default: V1 is refused, as on buckets Alibaba Cloud
   * no longer offers it for.
   */
  ossAllowV1Signature: boolean;
  /**
   * STORAGE_PUBLIC_ORIGIN: the origin user files of the embedded storage are read from (e.g.
   * `https://files.example.com`, a host name that reaches this server or a CDN in front of it), so
   * they never share the app's origin; empty = the app's own origin.
   */
  storagePublicOrigin: string;
  /**
   * STORAGE_PORT (embedded storage only): a port on which a thread of its own serves the storage
   * (uploads and reads), so an upload's bytes never run on the API's event loop; the upload
   * credentials send the browser there. Null = the storage is served only under /oss on PORT.
   */
  storagePort: number | null;
  /**
   * FETCH_ALLOW_CIDRS: non-public ranges the server may still fetch user-named URLs from (an intranet
   * image host), comma-separated CIDRs. Empty by default: only public addresses (features/media).
   */
  fetchAllowCidrs: string[];
  /**
   * The AI writing helpers' OpenAI-compatible provider (AI_BASE_URL, AI_API_KEY, AI_MODEL); any of
   * them empty = not configured (the buttons say so). AI_PER_MINUTE: calls per user and minute.
   */
  aiBaseUrl: string;
  aiApiKey: string;
  aiModel: string;
  aiPerMinute: number;
  /** How often the embedded video service looks for transcoding jobs (VIDEO_WORKER_INTERVAL_MS); 0 = this server transcodes nothing. */
  videoWorkerIntervalMs: number;
  /** How often this server checks that today's creation scores and rank lists are built (SCORE_DAILY_CHECK_MS); 0 = never. */
  scoreDailyIntervalMs: number;
  /** APP_ENV=production: every setting below is required, nothing is seeded and nothing migrated on start. */
  production: boolean;
  /** REDIS_URL: where rate limits and per-user limits are counted across replicas; empty = in this process. */
  redisUrl: string;
  /** REDIS_PREFIX: the start of every key this deployment writes in Redis (several deployments may share one). */
  redisPrefix: string;
  /** SHUTDOWN_GRACE_MS: after SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownGraceMs: number;
  /** Open uploads and storage quota per creator, and the orphan sweep (storage/limits.ts). */
  storageLimits: StorageLimits;
}

export interface OssAccessKey {
  accessKeyId: string;
  accessKeySecret: string;
}

export interface OssBucketConfig extends OssAccessKey {
  bucket: string;
  /** e.g. `oss-cn-zhengzhou`: the browser's ali-oss region. */
  region: string;
  /** Host (or URL) of the OSS endpoint; `<region>.aliyuncs.com` unless OSS_ENDPOINT says otherwise. */
  endpoint: string;
  /**
   * OSS_CNAME: `endpoint` is a custom domain bound to the bucket (ali-oss `cname`): requests and
   * object URLs are `https://<domain>/<key>`, never `<bucket>.<endpoint>`.
   */
  cname: boolean;
  /** The RAM role the STS AssumeRole call takes on for each upload token. */
  stsRoleArn: string;
  stsEndpoint: string;
  /** Base URL objects are read from (a CDN); empty = `https://<bucket>.<endpoint>`. */
  publicBaseUrl: string;
}

/**
 * Not a secret: the product embeds the app id and its signing secret in the page (docs/product.md §7); signing
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

/** The variables that only make sense with a bucket: any of them without OSS_BUCKET is a mistake. */
const BUCKET_ONLY = ['OSS_REGION', 'OSS_ENDPOINT', 'OSS_CNAME', 'OSS_STS_ROLE_ARN', 'OSS_STS_ENDPOINT', 'OSS_PUBLIC_BASE_URL'] as const;
const BUCKET_REQUIRED = ['OSS_REGION', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_STS_ROLE_ARN'] as const;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** `true`/`1`, `false`/`0`, or unset (false); anything else stops the start. */
function flagFrom(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/**
 * OSS_CNAME=true: OSS_ENDPOINT must be the custom domain itself (a host, or an origin with nothing
 * after it); an `aliyuncs.com` endpoint is the bucket's default domain, not a custom one.
 */
function cnameEndpoint(endpoint: string): string {
  if (!endpoint) throw new Error('OSS_CNAME=true needs OSS_ENDPOINT: the custom domain bound to the bucket, e.g. https://files.example.com');
  let url: URL;
  try {
    url = new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
  } catch {
    throw new Error(`OSS_ENDPOINT must be a domain such as files.example.com, got "${endpoint}"`);
  }
  if (url.pathname.replace(/\/+$/, '') || url.search || url.hash || url.username) {
    throw new Error(`OSS_ENDPOINT must be a domain such as files.example.com with OSS_CNAME=true, got "${endpoint}"`);
  }
  if (/(^|\.)aliyuncs\.com$/i.test(url.hostname)) {
    throw new Error(`OSS_CNAME=true needs OSS_ENDPOINT to be the custom domain bound to the bucket, not the OSS endpoint "${endpoint}"`);
  }
  return endpoint;
}

/** The object storage settings: a bucket when OSS_BUCKET is set, all-or-nothing, else the embedded storage. */
function objectStorageFrom(env: Env): Pick<AppConfig, 'ossBucket' | 'ossOperatorKey' | 'ossAllowV1Signature'> {
  const value = (name: string): string => (env[name] ?? '').trim();
  const accessKeyId = value('OSS_ACCESS_KEY_ID');
  const accessKeySecret = value('OSS_ACCESS_KEY_SECRET');
  if (!value('OSS_BUCKET')) {
    const stray = BUCKET_ONLY.find((name) => value(name));
    if (stray) throw new Error(`${stray} is set but OSS_BUCKET is not: set OSS_BUCKET to use a bucket, or unset ${stray}`);
    if (!accessKeyId !== !accessKeySecret) {
      throw new Error(`${accessKeyId ? 'OSS_ACCESS_KEY_SECRET' : 'OSS_ACCESS_KEY_ID'} is missing: the embedded storage's operator key needs both`);
    }
    return {
      ossBucket: null,
      ossOperatorKey: accessKeyId ? { accessKeyId, accessKeySecret } : null,
      ossAllowV1Signature: flagFrom(env, 'OSS_ALLOW_V1_SIGNATURE'),
    };
  }
  if (value('OSS_ALLOW_V1_SIGNATURE')) {
    throw new Error(
      'OSS_ALLOW_V1_SIGNATURE applies to the embedded storage only: with OSS_BUCKET, the bucket decides which signatures it takes (this server signs V4)',
    );
  }
  const missing = BUCKET_REQUIRED.filter((name) => !value(name));
  if (missing.length) throw new Error(`OSS_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
  const region = value('OSS_REGION');
  if (!/^oss-[a-z0-9-]+$/.test(region)) throw new Error(`OSS_REGION must look like oss-cn-zhengzhou, got "${region}"`);
  const cname = flagFrom(env, 'OSS_CNAME');
  const endpoint = trimSlash(value('OSS_ENDPOINT'));
  return {
    ossBucket: {
      bucket: value('OSS_BUCKET'),
      region,
      endpoint: cname ? cnameEndpoint(endpoint) : endpoint || `${region}.aliyuncs.com`,
      cname,
      accessKeyId,
      accessKeySecret,
      stsRoleArn: value('OSS_STS_ROLE_ARN'),
      stsEndpoint: trimSlash(value('OSS_STS_ENDPOINT')) || 'https://sts.aliyuncs.com',
      publicBaseUrl: trimSlash(value('OSS_PUBLIC_BASE_URL')),
    },
    ossOperatorKey: null,
    ossAllowV1Signature: false,
  };
}

/** A TCP port (1-65535), or null when unset. */
function portFrom(env: Env, name: string): number | null {
  const raw = (env[name] ?? '').trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  return port;
}

/** An origin (`https://host[:port]`, nothing after it), or empty when unset. */
function originFrom(env: Env, name: string): string {
  const raw = (env[name] ?? '').trim();
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an origin such as https://files.example.com, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.replace(/\/+$/, '') || url.search || url.hash) {
    throw new Error(`${name} must be an origin such as https://files.example.com, got "${raw}"`);
  }
  return url.origin;
}

/**
 * What production may not run without, each named with what it is for. Everything has a default for
 * the embedded machine; in production a default is a bug: the development secret is public, a random
 * per-process secret makes one replica refuse what another minted, PGlite and an unnamed data folder
 * cannot be shared between replicas.
 */
export function missingProductionSettings(env: Env): string[] {
  const set = (name: string): boolean => (env[name] ?? '').trim() !== '';
  const missing: string[] = [];
  if (!set('DATABASE_URL')) missing.push('DATABASE_URL (the PostgreSQL database every replica shares)');
  if (!set('APP_SECRET')) missing.push('APP_SECRET (the request-signing secret; the development one is public)');
  else if (env.APP_SECRET === DEV_APP_SECRET) missing.push('APP_SECRET (it is the public development secret: set your own)');
  if (!set('UPLOAD_TOKEN_SECRET')) missing.push('UPLOAD_TOKEN_SECRET (signs upload credentials; the same on every replica)');
  if (!set('OSS_BUCKET') && !set('DATA_DIR')) {
    missing.push('OSS_BUCKET or DATA_DIR (the object storage: an OSS bucket, or a folder every replica shares, e.g. on NFS, for the embedded storage)');
  }
  return missing;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.APP_ENV === 'production';
  if (production) {
    const missing = missingProductionSettings(env);
    if (missing.length) throw new Error(`APP_ENV=production needs these settings:\n  - ${missing.join('\n  - ')}`);
  }
  const webRoot = path.resolve(env.WEB_ROOT || REPO_ROOT);
  return {
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: env.DATABASE_URL ?? '',
    appId: env.APP_ID || 'creator-web',
    appSecret: env.APP_SECRET || DEV_APP_SECRET,
    tokenTtlHours: intFrom(env, 'TOKEN_TTL_HOURS', 72),
    operatorSessionHours: intFrom(env, 'OPERATOR_SESSION_HOURS', 12),
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
    metricsToken: (env.METRICS_TOKEN ?? '').trim(),
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : '',
    releaseEnv: env.RELEASE_ENV || 'production',
    rollbackMarginPct: intFrom(env, 'ROLLBACK_MARGIN_PCT', 5),
    rollbackMinLoads: intFrom(env, 'ROLLBACK_MIN_LOADS', 20),
    releaseStepCheckMs: intFrom(env, 'RELEASE_STEP_CHECK_MS', 60_000),
    releasesBucketPrefix: env.RELEASES_BUCKET_PREFIX ?? '',
    releaseWebhooks: parseWebhooks(env.RELEASE_WEBHOOKS ?? ''),
    ...objectStorageFrom(env),
    storagePublicOrigin: originFrom(env, 'STORAGE_PUBLIC_ORIGIN'),
    storagePort: portFrom(env, 'STORAGE_PORT'),
    fetchAllowCidrs: (env.FETCH_ALLOW_CIDRS ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    aiBaseUrl: (env.AI_BASE_URL ?? '').trim(),
    aiApiKey: (env.AI_API_KEY ?? '').trim(),
    aiModel: (env.AI_MODEL ?? '').trim(),
    aiPerMinute: intFrom(env, 'AI_PER_MINUTE', 10),
    videoWorkerIntervalMs: intFrom(env, 'VIDEO_WORKER_INTERVAL_MS', 2000),
    scoreDailyIntervalMs: intFrom(env, 'SCORE_DAILY_CHECK_MS', 600_000),
    production,
    redisUrl: (env.REDIS_URL ?? '').trim(),
    redisPrefix: env.REDIS_PREFIX || 'creator:',
    shutdownGraceMs: intFrom(env, 'SHUTDOWN_GRACE_MS', 10_000),
    storageLimits: storageLimitsFrom(env),
  };
}

/** Resolved late so that a test overriding dataDir also moves the release store. */
export function releasesDirOf(config: Pick<AppConfig, 'releasesDir' | 'dataDir'>): string {
  return config.releasesDir || path.join(config.dataDir, 'releases');
}
