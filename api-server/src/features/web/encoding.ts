/**
 * Content negotiation for compressed responses: which of brotli and gzip the caller accepts, best
 * first, honouring `q=0` refusals. Shared by the static files, the released remotes and API JSON.
 */
export type ContentEncoding = 'br' | 'gzip';

/** The file suffix a precompressed build file carries for each encoding. */
export const ENCODING_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the caller accepts, in our order of preference (brotli is smaller). */
export function acceptedEncodings(header: string | string[] | undefined): ContentEncoding[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const quality = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const parsed = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(parsed) ? parsed : 0);
  }
  const wildcard = quality.get('*');
  return (['br', 'gzip'] as const).filter((encoding) => (quality.get(encoding) ?? wildcard ?? 0) > 0);
}

/** Appends `accept-encoding` to Vary: the answer depends on it, also when it is sent uncompressed. */
export function varyOnEncoding(current: unknown): string {
  const value = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (!value) return 'accept-encoding';
  if (value.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value;
  return `${value}, accept-encoding`;
}
