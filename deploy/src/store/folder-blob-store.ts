import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type BlobStore } from './blob-store';
import { bytes } from './bytes';

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Files under a root folder, laid out exactly as the keys say, so nginx or the API server can serve
 * the folder as it is. Temporary files live in `.tmp/` inside the root: the same file system, so
 * rename and link are atomic.
 */
export class FolderBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async temp(body: Buffer): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${process.pid}-${randomBytes(8).toString('hex')}`);
    await fs.writeFile(file, bytes(body));
    return file;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'EISDIR')) return null;
      throw error;
    }
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.file(key);
    const tmp = await this.temp(body);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(tmp, target);
  }

  async create(key: string, body: Buffer, _contentType?: string): Promise<boolean> {
    const target = this.file(key);
    const tmp = await this.temp(body);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      // link() fails with EEXIST instead of replacing, across processes, and the linked file is
      // already complete: the compare-and-swap the manifest and immutable releases rely on.
      await fs.link(tmp, target);
      return true;
    } catch (error) {
      if (isCode(error, 'EEXIST')) return false;
      throw error;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    // Only the folder the prefix names is walked: listing a release must not crawl the whole store.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return;
        throw error;
      }
      for (const entry of entries) {
        if (!rel && entry.name === '.tmp') continue;
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path.join(dir, entry.name), key);
        } else if (key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(base ? path.join(this.root, ...base.split('/')) : this.root, base);
    return keys.sort();
  }
}
