/**
 * Range and conditional reads of the embedded storage, as OSS (and HTTP, RFC 9110) answer them:
 * one byte range gets 206 with Content-Range, a range past the end 416 (Content-Range names the size), a
 * Range that is malformed or asks for several ranges is ignored (200 with the whole object);
 * If-None-Match (or If-Modified-Since) answers 304; If-Range that does not name the current object
 * makes a Range request an ordinary one.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ByteRange, ObjectInfo } from '../../storage/object-store';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const SPEC = /^bytes=(\d*)-(\d*)$/;

/** The answer to a `Range` header for an object of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = SPEC.exec((header ?? '').trim());
  // No Range, another unit, several ranges or a malformed one: the whole object.
  if (!match || size === 0) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  // `9-2` is not a range at all (ignored); `5000-` of 1000 bytes is one past the end.
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Number(last);
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } };
}

const quoted = (etag: string): string => `"${etag}"`;
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The entity tags of an If-None-Match / If-Match list, weak or strong. */
const tagList = (header: string): string[] =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** True when a GET/HEAD may be answered 304 Not Modified. */
export function isNotModified(headers: IncomingHttpHeaders, info: ObjectInfo): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    // Weak comparison: W/"x" matches "x".
    return tagList(noneMatch).some((tag) => tag === '*' || tag.replace(/^W\//, '') === quoted(info.etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && seconds(info.lastModified) <= Math.floor(since / 1000);
}

/** The range to answer: the Range header, unless If-Range names another version of the object. */
export function rangeToServe(headers: IncomingHttpHeaders, info: ObjectInfo): RangeAnswer {
  const range = typeof headers.range === 'string' ? headers.range : undefined;
  if (range === undefined) return WHOLE;
  const raw = headers['if-range'];
  const ifRange = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim();
  if (ifRange) {
    // Strong comparison for an entity tag (a weak one never matches), exact time for a date.
    const current =
      ifRange.startsWith('"') || ifRange.startsWith('W/') ? ifRange === quoted(info.etag) : Date.parse(ifRange) === seconds(info.lastModified) * 1000;
    if (!current) return WHOLE;
  }
  return parseRange(range, info.size);
}
