/**
 * The object store as deploy's release store wants it (`ObjectStoreLike`: whole Buffers). Release
 * files are small (bundles, manifests, stats), so reading them whole is what the release store does
 * anyway; media never goes through here.
 */
import type { ObjectStoreLike } from 'deploy';
import { type ObjectStore, readAll } from './object-store';

/** A release file larger than this is not one the release store wrote. */
const MAX_RELEASE_FILE_BYTES = 256 * 1024 * 1024;

export function releaseObjects(store: ObjectStore): ObjectStoreLike {
  return {
    put: (key, body, contentType) => store.put(key, body, contentType),
    async putIfAbsent(key, body, contentType) {
      return (await store.putIfAbsent(key, body, contentType)) !== null;
    },
    async get(key) {
      const object = await store.get(key);
      if (!object) return null;
      const body = await readAll(object.body, MAX_RELEASE_FILE_BYTES);
      if (!body) throw new Error(`release file ${JSON.stringify(key)} is larger than ${MAX_RELEASE_FILE_BYTES} bytes`);
      return { body, contentType: object.contentType };
    },
    list: (prefix) => store.list(prefix),
  };
}
