/**
 * Object key layout (spec §5): a folder for the kind, then the date, then a hash name. A per-user
 * segment after the date is what upload credentials are scoped to:
 *   <kind>/<yyyymmdd>/u<uid>/<32 hex>.<ext>     e.g. image/20261122/u1/9f86d081884c7d659a2feaa0c55ad015.png
 * As an OSS policy resource that scope reads `<bucket>/*\/*\/u<uid>/*`.
 */
export const UPLOAD_KINDS = ['image', 'video', 'audio', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const KEY = /^(image|video|audio|file)\/(\d{8})\/(u\d+)\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export interface ParsedKey {
  kind: UploadKind;
  date: string;
  scope: string;
  ext: string;
}

export function parseUploadKey(key: string): ParsedKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, kind, date, scope, , ext] = match;
  if (!kind || !date || !scope || !ext) return null;
  return { kind: kind as UploadKind, date, scope, ext };
}

/** True when the key follows the layout and lies under the scope (`u<uid>`). */
export function keyInScope(key: string, scope: string): boolean {
  return parseUploadKey(key)?.scope === scope;
}
