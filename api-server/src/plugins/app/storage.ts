/**
 * Makes the object store reachable from every route as `app.storage`. The embedded default keeps
 * objects under DATA_DIR/storage and serves them at /oss/<bucket>/<key> (features/oss); with
 * OSS_BUCKET set, the store is that Alibaba Cloud OSS bucket (storage/oss-object-store.ts).
 */
import path from 'node:path';
import type { AppConfig } from '../../config';
import { globalPlugin } from '../../lib/global-plugin';
import type { FileWrites } from '../../storage/file-sink';
import { DiskObjectStore } from '../../storage/disk-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { OssObjectStore } from '../../storage/oss-object-store';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStore;
  }
}

export const EMBEDDED_BUCKET = 'creator';
/**
 * The embedded storage's region: what upload credentials name as `regionId`, and what V4 credential
 * scopes must name (ali-oss signs a region without its `oss-` prefix; this one has none).
 */
export const EMBEDDED_REGION = 'embedded';
export const OSS_PATH = '/oss';

export function embeddedObjectStore(
  config: Pick<AppConfig, 'dataDir'> & Partial<Pick<AppConfig, 'storagePublicOrigin'>>,
  writes: FileWrites = 'pool',
): ObjectStore {
  return new DiskObjectStore(path.join(config.dataDir, 'storage'), EMBEDDED_BUCKET, OSS_PATH, config.storagePublicOrigin ?? '', writes);
}

/** The configured store: the OSS bucket when OSS_BUCKET is set, else the embedded storage. */
export function objectStoreFor(config: Pick<AppConfig, 'dataDir' | 'ossBucket' | 'storagePublicOrigin'>): ObjectStore {
  const bucket = config.ossBucket;
  if (!bucket) return embeddedObjectStore(config);
  return new OssObjectStore({
    bucket: bucket.bucket,
    region: bucket.region,
    endpoint: bucket.endpoint,
    cname: bucket.cname,
    accessKeyId: bucket.accessKeyId,
    accessKeySecret: bucket.accessKeySecret,
    publicBaseUrl: bucket.publicBaseUrl,
  });
}

/** A Host header's host name, when it is a plain DNS name or address (never anything a header could smuggle). */
export function hostNameOf(hostHeader: string | undefined): string | null {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.exec(hostHeader ?? '');
  return match?.[1] ?? null;
}

/**
 * Where a browser sends its uploads for the embedded storage when that is not the page's own origin:
 * with STORAGE_PORT, the storage thread (features/oss/storage-thread.ts): STORAGE_PUBLIC_ORIGIN when
 * set (the operator routes it there), else the host the page was asked for, on STORAGE_PORT (the
 * embedded default: one machine, plain HTTP). Null = the page's origin, under /oss.
 */
export function uploadOriginFor(config: Pick<AppConfig, 'ossBucket' | 'storagePort' | 'storagePublicOrigin'>, hostHeader: string | undefined): string | null {
  if (config.ossBucket || config.storagePort === null) return null;
  if (config.storagePublicOrigin) return config.storagePublicOrigin;
  const host = hostNameOf(hostHeader);
  return host ? `http://${host}:${config.storagePort}` : null;
}

interface StoragePluginOptions extends Record<string, unknown> {
  store: ObjectStore;
}

export default globalPlugin<StoragePluginOptions>(async (app, { store }) => {
  app.decorate('storage', store);
});
