import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { bytes } from '../store/bytes';

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string, rel: string): Promise<void> => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(current, entry.name), key);
      else if (entry.isFile()) out.push(key);
    }
  };
  await walk(dir, '');
  return out.sort();
}

/** The value of an `integrity` attribute for these bytes. */
export function sri(body: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes(body)).digest('base64')}`;
}

/** Files the browser fetches as code or data get a hash; images and fonts do not need one. */
export function needsIntegrity(file: string): boolean {
  return /\.(m?js|css|json)$/.test(file);
}
