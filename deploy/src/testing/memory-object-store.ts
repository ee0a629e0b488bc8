import type { ObjectStoreLike } from '../store/bucket-blob-store';
import { bytes } from '../store/bytes';

/**
 * An in-memory bucket for tests of the bucket backend. `conditional: false` leaves out
 * `putIfAbsent`, like a client that cannot refuse overwrites.
 */
export function memoryObjectStore(conditional = true): ObjectStoreLike & { keys: () => string[] } {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const store: ObjectStoreLike & { keys: () => string[] } = {
    keys: () => [...objects.keys()].sort(),
    async put(key, body, contentType) {
      objects.set(key, { body: Buffer.from(bytes(body)), contentType });
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async list(prefix) {
      return [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    },
  };
  if (conditional) {
    store.putIfAbsent = async (key, body, contentType) => {
      if (objects.has(key)) return false;
      objects.set(key, { body: Buffer.from(bytes(body)), contentType });
      return true;
    };
  }
  return store;
}
