/**
 * The Content-Security-Policy of the app's pages: scripts only from the product's own origin and the
 * remotes' origins (their dev servers when MF_DEV_SERVERS is on; releases and builds are served from
 * this origin), media and frames also from the storage origins (user files, newspaper PDFs), frames from
 * the allow-listed video players an article may embed (the sanitizer keeps no other iframe), calls to
 * the configured hosts and the upload endpoint. No inline or evaluated script anywhere; styles may be
 * inline because antd injects its CSS-in-JS as <style> elements.
 */
import { EMBED_HOSTS } from 'shared-sdk/contract';
import type { AppConfig } from '../../config';
import { REMOTES } from '../../features/runtime/catalogue';
import { parseEndpoint } from '../../storage/oss-object-store';

type PolicyConfig = Pick<
  AppConfig,
  'storagePublicOrigin' | 'ossBucket' | 'mfDevServers' | 'newspaperHost' | 'userHost' | 'analyticsHost' | 'customerServiceUrl'
>;

/** The origin of a configured URL, or null when it is empty or not a URL. */
function originOf(raw: string): string | null {
  if (!raw.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

const present = (values: ReadonlyArray<string | null>): string[] => [...new Set(values.filter((value): value is string => Boolean(value)))];

/** Where user files and the bucket live (read from, uploaded to). */
function storageOrigins(config: PolicyConfig): string[] {
  const bucket = config.ossBucket;
  if (!bucket) return present([originOf(config.storagePublicOrigin)]);
  const endpoint = parseEndpoint(bucket.endpoint);
  return present([`${endpoint.secure ? 'https' : 'http'}://${bucket.bucket}.${endpoint.host}`, originOf(bucket.publicBaseUrl)]);
}

export function appContentSecurityPolicy(config: PolicyConfig): Record<string, string[]> {
  const remotes = config.mfDevServers ? REMOTES.map((remote) => `http://localhost:${remote.devPort}`) : [];
  const remoteSockets = config.mfDevServers ? REMOTES.map((remote) => `ws://localhost:${remote.devPort}`) : [];
  const storage = storageOrigins(config);
  const hosts = present([originOf(config.newspaperHost), originOf(config.userHost), originOf(config.analyticsHost)]);
  const newspaper = present([originOf(config.newspaperHost)]);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes],
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage, ...newspaper, ...remotes],
    mediaSrc: ["'self'", 'blob:', ...storage],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", ...storage, ...hosts, ...remotes, ...remoteSockets],
    frameSrc: ["'self'", ...storage, ...newspaper, ...present([originOf(config.customerServiceUrl)]), ...EMBED_HOSTS.map((host) => `https://${host}`)],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}
