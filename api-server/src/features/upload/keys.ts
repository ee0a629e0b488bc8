/**
 * Object key layout (docs/product.md §5): a folder for the kind, then the date, then a hash name. A per-user
 * segment after the date is what upload credentials are scoped to:
 *   <kind>/<yyyymmdd>/u<uid>/<32 hex>.<ext>     e.g. image/20261122/u1/9f86d081884c7d659a2feaa0c55ad015.png
 * As an OSS policy resource that scope reads `<bucket>/*\/*\/u<uid>/*`.
 *
 * Clean copies of images (features/media/clean-copies.ts) are written by the server alone, under
 * `clean/` in front of the same layout:
 *   clean/image/<yyyymmdd>/u<uid>/<32 hex>.<ext>
 * No upload credentials ever write there (not in the scope below, and never in an STS policy), so
 * a creator cannot replace a clean copy with raw bytes. Clean copies made before this prefix
 * existed sit in `image/…` and stay valid (clean_images names them).
 */
export const CLEAN_PREFIX = 'clean/';
export const UPLOAD_KINDS = ['image', 'video', 'audio', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const KEY = /^(clean\/)?(image|video|audio|file)\/(\d{8})\/(u\d+)\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export interface ParsedKey {
  kind: UploadKind;
  date: string;
  scope: string;
  ext: string;
  /** Under `clean/`: written by the server only (a clean copy). */
  clean: boolean;
}

export function parseUploadKey(key: string): ParsedKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, clean, kind, date, scope, , ext] = match;
  if (!kind || !date || !scope || !ext) return null;
  return { kind: kind as UploadKind, date, scope, ext, clean: clean !== undefined };
}

/** True when the key follows the upload layout and lies under the scope (`u<uid>`) that upload credentials write: never a `clean/` key. */
export function keyInScope(key: string, scope: string): boolean {
  const parsed = parseUploadKey(key);
  return parsed?.scope === scope && !parsed.clean;
}
