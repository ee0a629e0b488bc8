/**
 * Object names of docs/product.md §5: a folder for the kind, then the date, then a hash name; the credentials'
 * key scope (`u<uid>`) sits after the date, because the server only accepts keys under it:
 *   image/20261122/u1/<32 random hex>.png
 */
import { md5 } from 'js-md5';
import type { UploadKind } from './file-rules';
import { extensionOf } from './file-rules';

/** 32 random characters: upload placeholders and hash names (LIMITS.UPLOAD_PLACEHOLDER_ID_LENGTH). */
export function randomId(length = 32): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

export function dateFolder(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
}

/**
 * docs/product.md §5: a video is named by a hash of the current time (salted, so two uploads in the same
 * millisecond differ); images, audio and files by a random hash.
 */
/** The extension an object key gets from a file name: lower-case letters and digits, at most 8, else `bin`. */
export function objectExtension(fileName: string): string {
  return (
    extensionOf(fileName)
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'bin'
  );
}

export function buildObjectKey(kind: UploadKind, scope: string, fileName: string, date = new Date()): string {
  const ext = objectExtension(fileName);
  const name = kind === 'video' ? md5(`${date.getTime()}-${randomId(16)}`) : randomId(32);
  return `${kind}/${dateFolder(date)}/${scope}/${name}.${ext}`;
}
