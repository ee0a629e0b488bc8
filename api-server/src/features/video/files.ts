/** Moving a video between the object store and the worker's temp files, as streams. */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../../storage/object-store';

/** Copies an object into a file; false when there is no such object. */
export async function copyObjectToFile(storage: ObjectStore, key: string, file: string, signal?: AbortSignal): Promise<boolean> {
  const object = await storage.get(key);
  if (!object) return false;
  await pipeline(object.body, createWriteStream(file), { signal });
  return true;
}

/** Stores a file under `key` unless a retried job stored it already (keys are write-once). */
export async function putFileOnce(storage: ObjectStore, key: string, file: string, contentType: string): Promise<void> {
  if (await storage.head(key)) return;
  await storage.putIfAbsent(key, createReadStream(file), contentType);
}

/** The first `length` bytes of a file (fewer when it is shorter). */
export async function fileHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
