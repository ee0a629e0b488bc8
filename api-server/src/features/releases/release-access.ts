/**
 * The server's handle on the release store (deploy's ReleaseStore over the RELEASES_DIR folder, or
 * over a prefix of the object storage bucket when RELEASES_BUCKET_PREFIX is set): one per app,
 * shared by the /releases files, the rollout view and the load reports.
 */
import { type AutoRollbackPolicy, type BlobStore, BucketBlobStore, FolderBlobStore, type ReleaseLookup, ReleaseStore, cachedReleaseLookup } from 'deploy';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, releasesDirOf } from '../../config';
import { REMOTES } from '../runtime/catalogue';
import { releaseObjects } from '../../storage/release-objects';

export interface ReleaseAccess {
  store: ReleaseStore;
  lookup: ReleaseLookup;
  env: string;
  policy: AutoRollbackPolicy;
  /** URL prefix of the release files: `<baseUrl><remote>/<version>/<file>`. */
  baseUrl: string;
}

export const RELEASES_PREFIX = '/releases/';

const cache = new WeakMap<AppConfig, ReleaseAccess>();

function blobsFor(app: Pick<FastifyInstance, 'config' | 'storage'>): BlobStore {
  const prefix = app.config.releasesBucketPrefix;
  if (!prefix) return new FolderBlobStore(releasesDirOf(app.config));
  // Keys are `<prefix><remote>/<version>/<file>`: a prefix without its slash would glue onto the remote.
  return new BucketBlobStore(releaseObjects(app.storage), prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** Keyed by the app's config: every feature plugin of one app shares the store and its caches. */
export function releaseAccess(app: Pick<FastifyInstance, 'config' | 'storage'>): ReleaseAccess {
  const { config } = app;
  let access = cache.get(config);
  if (!access) {
    const store = new ReleaseStore(blobsFor(app));
    access = {
      store,
      lookup: cachedReleaseLookup(store),
      env: config.releaseEnv,
      policy: { marginPoints: config.rollbackMarginPct, minLoads: config.rollbackMinLoads },
      baseUrl: RELEASES_PREFIX,
    };
    cache.set(config, access);
  }
  return access;
}

/** Only the workspace's remotes are served or counted: never manifests/, stats/ or anything else. */
export function isKnownRemote(folder: string): boolean {
  return REMOTES.some((remote) => remote.folder === folder);
}

/** mf-tools → mf_tools. */
export function federationName(folder: string): string {
  return REMOTES.find((remote) => remote.folder === folder)?.name ?? folder.replace(/-/g, '_');
}
