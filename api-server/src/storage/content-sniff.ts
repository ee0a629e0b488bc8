/**
 * What a stored file really is, from its bytes (magic numbers), never from the uploader's
 * Content-Type or the key's extension. The embedded storage stores this type for user uploads and
 * serves only images, video and audio inline (serving.ts); everything else is a download.
 */
import { MAX_SVG_BYTES, isSafeSvg, looksLikeSvg } from './svg-policy';

export type ContentKind = 'image' | 'video' | 'audio' | 'document' | 'other';

export interface SniffedContent {
  contentType: string;
  kind: ContentKind;
}

export const OCTET_STREAM = 'application/octet-stream';

const ascii = (body: Buffer, start: number, end: number): string => body.subarray(start, end).toString('latin1');
const startsWith = (body: Buffer, signature: readonly number[], at = 0): boolean => signature.every((byte, i) => body[at + i] === byte);

const of = (contentType: string, kind: ContentKind): SniffedContent => ({ contentType, kind });

/** ISO base media (mp4, mov, m4a): `ftyp` at offset 4, then the major brand. */
function isoMedia(body: Buffer): SniffedContent | null {
  if (ascii(body, 4, 8) !== 'ftyp') return null;
  const brand = ascii(body, 8, 12);
  if (brand === 'qt  ') return of('video/quicktime', 'video');
  if (brand === 'M4A ' || brand === 'M4B ') return of('audio/mp4', 'audio');
  return of('video/mp4', 'video');
}

/** RIFF containers: WebP, WAV (an AVI or anything else stays a download). */
function riff(body: Buffer): SniffedContent | null {
  if (ascii(body, 0, 4) !== 'RIFF') return null;
  const form = ascii(body, 8, 12);
  if (form === 'WEBP') return of('image/webp', 'image');
  if (form === 'WAVE') return of('audio/wav', 'audio');
  return null;
}

/** MPEG audio: an ID3 tag, or a frame sync of MPEG-1/2 layer III (mp3) or ADTS (aac). */
function mpegAudio(body: Buffer): SniffedContent | null {
  if (ascii(body, 0, 3) === 'ID3') return of('audio/mpeg', 'audio');
  if (body[0] !== 0xff) return null;
  const second = body[1] ?? 0;
  if ((second & 0xf6) === 0xf0) return of('audio/aac', 'audio');
  if ((second & 0xe6) === 0xe2) return of('audio/mpeg', 'audio');
  return null;
}

export function sniffContent(body: Buffer): SniffedContent {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return of('image/png', 'image');
  if (startsWith(body, [0xff, 0xd8, 0xff])) return of('image/jpeg', 'image');
  if (/^GIF8[79]a$/.test(ascii(body, 0, 6))) return of('image/gif', 'image');
  if (startsWith(body, [0x1a, 0x45, 0xdf, 0xa3])) {
    // Matroska: only its WebM profile is something browsers play.
    return ascii(body, 0, 64).includes('webm') ? of('video/webm', 'video') : of(OCTET_STREAM, 'other');
  }
  if (ascii(body, 0, 4) === 'OggS') return of('audio/ogg', 'audio');
  if (ascii(body, 0, 4) === 'fLaC') return of('audio/flac', 'audio');
  if (ascii(body, 0, 5) === '%PDF-') return of('application/pdf', 'document');
  const media = isoMedia(body) ?? riff(body) ?? mpegAudio(body);
  if (media) return media;
  if (looksLikeSvg(body) && isSafeSvg(body)) return of('image/svg+xml', 'image');
  return of(OCTET_STREAM, 'other');
}

/** How much of a file's start `sniffStored` looks at: every signature above lies within it. */
export const SNIFF_HEAD_BYTES = 4096;

/**
 * The type of a stored (or arriving) file of `size` bytes from its first bytes only. SVG is the one
 * type judged on the whole document: `whole` is asked for only when the head looks like SVG and the
 * file is small enough to parse (svg-policy.ts); a larger one is not an image.
 */
export async function sniffStored(head: Buffer, size: number, whole: () => Promise<Buffer | null>): Promise<SniffedContent> {
  if (head.length >= size) return sniffContent(head.subarray(0, size));
  if (!looksLikeSvg(head)) return sniffContent(head);
  const body = size <= MAX_SVG_BYTES ? await whole() : null;
  return body ? sniffContent(body) : of(OCTET_STREAM, 'other');
}

/** Types served inline: what `sniffContent` calls image, video or audio. */
const INLINE_KINDS: ReadonlySet<ContentKind> = new Set(['image', 'video', 'audio']);

export function isInlineKind(kind: ContentKind): boolean {
  return INLINE_KINDS.has(kind);
}
