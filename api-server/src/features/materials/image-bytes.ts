/**
 * Is it an image, by its bytes (never by its name)? The allowed types of docs/product.md §3: gif, jpeg/jpg, png
 * and svg. SVG is text: it must pass the storage's allow-list (storage/svg-policy.ts: shapes, text,
 * gradients and filters only), because the file is served as an image of ours.
 */
import { isSafeSvg } from '../../storage/svg-policy';

export type ImageKind = 'gif' | 'jpeg' | 'png' | 'svg';

const startsWith = (body: Buffer, signature: readonly number[]): boolean => signature.every((byte, i) => body[i] === byte);

export function sniffImage(body: Buffer): ImageKind | null {
  if (startsWith(body, [0x47, 0x49, 0x46, 0x38]) && (body[4] === 0x37 || body[4] === 0x39) && body[5] === 0x61) return 'gif';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return isSafeSvg(body) ? 'svg' : null;
}

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};
