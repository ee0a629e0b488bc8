/**
 * A remote's build as one archive, for the release API: `deploy publish --server` packs dist/ into a
 * gzip-compressed tar; the server unpacks it into a temporary folder, refusing anything a build does
 * not make, and publishes that folder with `publish` (the same checks and the same SRI hashes,
 * computed from the bytes it received).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { RefusalError } from '../errors';
import type { ReleaseStore } from '../store/release-store';
import type { ReleaseInfo } from '../store/release-types';
import { listFiles } from './dist-files';
import { publish, type PublishOptions } from './publish';

export interface ArchiveLimits {
  /** Most files (folders not counted). */
  maxFiles: number;
  /** Most bytes once unpacked. */
  maxBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxFiles: 2000, maxBytes: 256 * 1024 * 1024 };

/** The files a remote's build makes (and their brotli/gzip twins); anything else is refused. */
const BUILD_FILE = /^[A-Za-z0-9_@-][A-Za-z0-9_.@-]*\.(m?js|css|json|map|html|svg|png|jpe?g|gif|webp|ico|woff2?|txt)(\.br|\.gz)?$/;
const FOLDER = /^[A-Za-z0-9_@-][A-Za-z0-9_.@-]*$/;

/**
 * The path an entry names inside the build, or a refusal: relative, `/`-separated, no `.` or `..`,
 * folders and files named as a build names them.
 */
function entryPath(name: string, type: string): string {
  const trimmed = name.replace(/^\.\//, '').replace(/\/$/, '');
  const parts = trimmed.split('/');
  if (!trimmed || name.startsWith('/') || name.includes('\\') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new RefusalError(`the archive names a path outside the build: ${JSON.stringify(name)}`);
  }
  const folders = type === 'directory' ? parts : parts.slice(0, -1);
  if (folders.some((part) => !FOLDER.test(part)) || (type !== 'directory' && !BUILD_FILE.test(parts.at(-1)!))) {
    throw new RefusalError(`the archive holds a file a build does not make: ${JSON.stringify(name)}`);
  }
  return trimmed;
}

/**
 * Unpacks a gzip-compressed tar into `into` (an empty folder). Only regular files and folders;
 * links, devices and anything outside the build are refused, as are more files or bytes than the
 * limits (counted as the bytes arrive, not as the headers claim).
 */
export async function unpackArchive(file: string, into: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<void> {
  const extract = tar.extract();
  const seen = new Set<string>();
  let files = 0;
  let bytes = 0;
  const consume = (async () => {
    for await (const entry of extract) {
      const { type, name } = entry.header;
      if (type !== 'file' && type !== 'directory') {
        throw new RefusalError(`the archive holds a ${type ?? 'special entry'} (${JSON.stringify(name)}); only files and folders are taken`);
      }
      const rel = entryPath(name, type);
      const target = path.join(into, ...rel.split('/'));
      if (type === 'directory') {
        await fs.mkdir(target, { recursive: true });
        entry.resume();
        continue;
      }
      if (seen.has(rel)) throw new RefusalError(`the archive holds ${rel} twice`);
      seen.add(rel);
      if (++files > limits.maxFiles) throw new RefusalError(`the archive holds more than ${limits.maxFiles} files`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written as it arrives: a file's bytes are never held whole in memory.
      const out = await fs.open(target, 'wx');
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          if (bytes > limits.maxBytes) throw new RefusalError(`the archive unpacks to more than ${limits.maxBytes} bytes`);
          await out.write(chunk);
        }
      } finally {
        await out.close();
      }
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), consume]);
  } catch (error) {
    extract.destroy();
    if (error instanceof RefusalError) throw error;
    throw new RefusalError(`the archive is not a readable gzip-compressed tar (${(error as Error).message})`);
  }
}

/** dist/ as a gzip-compressed tar, files in sorted order, owner and times left out. */
export async function packDist(distDir: string): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const file of await listFiles(distDir)) {
    const body = await fs.readFile(path.join(distDir, ...file.split('/')));
    await new Promise<void>((resolve, reject) => {
      pack.entry({ name: file, size: body.length, mode: 0o644, mtime: new Date(0) }, body, (error) => (error ? reject(error) : resolve()));
    });
  }
  pack.finalize();
  await collected;
  return gzipSync(Buffer.concat(chunks));
}

/**
 * Publishes a build received as an archive: unpacked into a temporary folder (removed after), then
 * `publish` as from a dist/ folder: routes.json, the federation manifest, every file it names, the
 * host's singletons, SRI hashes computed here, and an existing version refused.
 */
export async function publishArchive(
  store: ReleaseStore,
  options: Omit<PublishOptions, 'distDir'> & { archive: string; limits?: ArchiveLimits },
): Promise<ReleaseInfo> {
  const { archive, limits, ...rest } = options;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-archive-'));
  try {
    await unpackArchive(archive, dir, limits);
    const manifest = await fs.stat(path.join(dir, 'mf-manifest.json')).catch(() => null);
    if (!manifest?.isFile()) throw new RefusalError('the archive has no mf-manifest.json at its root (pack the contents of dist/, not the folder)');
    try {
      return await publish(store, { ...rest, distDir: dir });
    } catch (error) {
      // publish names the temporary folder; the caller knows it as "the archive".
      if (error instanceof RefusalError) throw new RefusalError(error.message.split(dir).join('the archive'));
      throw error;
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
