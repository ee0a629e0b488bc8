/**
 * Is it an image, by its bytes (never by its name)? The allowed types of spec §3: gif, jpeg/jpg, png
 * and svg. SVG is text, so it must parse as an <svg> document start; script-bearing SVG is refused,
 * because the file is served from our origin.
 */
export type ImageKind = 'gif' | 'jpeg' | 'png' | 'svg';

const startsWith = (body: Buffer, signature: readonly number[]): boolean => signature.every((byte, i) => body[i] === byte);

export function sniffImage(body: Buffer): ImageKind | null {
  if (startsWith(body, [0x47, 0x49, 0x46, 0x38]) && (body[4] === 0x37 || body[4] === 0x39) && body[5] === 0x61) return 'gif';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return isSafeSvg(body) ? 'svg' : null;
}

function isSafeSvg(body: Buffer): boolean {
  const head = body.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  // An optional XML declaration, comments and a doctype may precede the root element.
  const prolog = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  if (!prolog.test(head)) return false;
  const text = body.toString('utf8');
  return !/<script[\s>]|\son[a-z]+\s*=|javascript:/i.test(text);
}

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};
