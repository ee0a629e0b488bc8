/** What may be uploaded where (spec §3 allowed image types; spec §5 editor rules reuse these). */
import { ALLOWED_IMAGE_TYPES } from '../contract';

export type UploadKind = 'image' | 'video' | 'audio' | 'file';

const MIME_OF: Readonly<Record<string, string>> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * An image of the allowed types, judged by name and declared type (the server checks the bytes).
 * A file without a declared type is judged by its name alone.
 */
export function isAllowedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const ext = extensionOf(file.name);
  if (!ALLOWED_IMAGE_TYPES.includes(ext)) return false;
  return !file.type || file.type === MIME_OF[ext];
}

export function mimeOfImage(name: string): string | undefined {
  return MIME_OF[extensionOf(name)];
}
