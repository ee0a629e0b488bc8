/**
 * Cleaning an image before it is kept: the bytes are decoded and encoded again by sharp (libvips),
 * so what we store and serve holds pixels and nothing else.
 *
 * - The type is decided by the bytes and must be the type the file claims (its name's extension),
 *   and the decoder must agree: a file that only starts like a GIF (a GIF/HTML polyglot) or a
 *   truncated JPEG is refused.
 * - Dimensions are read from the header first and bounded (MAX_SIDE per side, MAX_PIXELS in all,
 *   frames of an animation counted): a decompression bomb (a small PNG declaring 50000×50000) is
 *   refused before anything is decoded; sharp's `limitInputPixels` is the same bound again inside
 *   the decoder.
 * - The EXIF orientation is applied to the pixels first, then every metadata block goes: EXIF (GPS
 *   above all), XMP, IPTC, ICC profiles (the pixels are converted to sRGB), comments, PNG text
 *   chunks. Whatever followed the image data in the file is gone, since only decoded pixels are
 *   written out.
 * - GIFs stay animated (the allowed types include gif). SVG is not re-encoded: it is text that the
 *   storage's allow-list (storage/svg-policy.ts) has already reduced to shapes, text, gradients and
 *   filters, with nothing else kept (no metadata element passes it).
 *
 * Memory: one image is cleaned at a time per process (the queue below), libvips' operation cache
 * is off, and the largest image allowed (MAX_PIXELS RGBA) needs about 200 MB while it is decoded.
 */
import sharp, { type Metadata } from 'sharp';
import { invalid } from '../../lib/api-error';
import { IMAGE_CONTENT_TYPES, type ImageKind, sniffImage } from '../materials/image-bytes';

sharp.cache(false);
// One libvips worker thread per image: its buffers are per thread, and one image is cleaned at a time.
sharp.concurrency(1);

/** Longest side accepted, in pixels (of one frame). */
export const MAX_SIDE = 16_384;
/** Pixels accepted in all (every frame of an animation counted): 50 megapixels. */
export const MAX_PIXELS = 50_000_000;
/** Frames of an animated GIF. */
export const MAX_FRAMES = 500;
/** Quality of the JPEG written back (sharp's default is 80: photos keep more of their detail at 85, files stay about the size of a camera's). */
const JPEG_QUALITY = 85;

export const CLEAN_IMAGE_MESSAGES = {
  NOT_IMAGE: '请上传图片文件（gif、jpeg、jpg、png、svg）',
  MISMATCH: '图片内容与文件类型不符，请重新上传',
  UNREADABLE: '图片已损坏或格式不正确，无法读取，请重新上传',
  TOO_BIG: `图片尺寸过大：宽高不能超过 ${MAX_SIDE} 像素，总像素不能超过 ${MAX_PIXELS / 10_000} 万`,
  SVG_NOT_ALLOWED: '此处仅支持 jpg、png 或 gif 图片',
} as const;

/** The kind a file name's extension claims (`jpg` and `jpeg` are the same kind). */
export function claimedKind(ext: string): ImageKind | null {
  const lower = ext.toLowerCase();
  if (lower === 'jpg' || lower === 'jpeg') return 'jpeg';
  return lower === 'png' || lower === 'gif' || lower === 'svg' ? lower : null;
}

export const EXTENSION_OF: Readonly<Record<ImageKind, string>> = { jpeg: 'jpg', png: 'png', gif: 'gif', svg: 'svg' };

export interface CleanedImage {
  body: Buffer;
  kind: ImageKind;
  contentType: string;
  width: number;
  height: number;
}

export interface CleanOptions {
  /** The kind the file claims (its extension); null when it claims none (a re-hosted picture). */
  claimed: ImageKind | null;
  /** SVG accepted (materials) or not (editor images, re-hosted pictures). */
  allowSvg: boolean;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every clean started before it: one decode at a time per process. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const FORMAT_OF: Readonly<Record<Exclude<ImageKind, 'svg'>, string>> = { jpeg: 'jpeg', png: 'png', gif: 'gif' };

/** The clean copy of `body`, or a refusal (1002) in the product's words. */
export async function cleanImage(body: Buffer, options: CleanOptions): Promise<CleanedImage> {
  const kind = sniffImage(body);
  if (!kind) throw invalid(CLEAN_IMAGE_MESSAGES.NOT_IMAGE);
  if (options.claimed && options.claimed !== kind) throw invalid(CLEAN_IMAGE_MESSAGES.MISMATCH);
  if (kind === 'svg') {
    if (!options.allowSvg) throw invalid(CLEAN_IMAGE_MESSAGES.SVG_NOT_ALLOWED);
    return { body, kind, contentType: IMAGE_CONTENT_TYPES.svg, width: 0, height: 0 };
  }
  return oneAtATime(() => reencode(body, kind));
}

async function reencode(body: Buffer, kind: Exclude<ImageKind, 'svg'>): Promise<CleanedImage> {
  const animated = kind === 'gif';
  const input = { limitInputPixels: MAX_PIXELS, animated, failOn: 'error' as const };
  let header: Metadata;
  try {
    // The header alone: no pixel is decoded here, so the bound below is checked before any is
    // (sharp's own default pixel limit would refuse a bomb here too, but as unreadable).
    header = await sharp(body, { animated, failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw invalid(CLEAN_IMAGE_MESSAGES.UNREADABLE);
  }
  if (header.format !== FORMAT_OF[kind]) throw invalid(CLEAN_IMAGE_MESSAGES.MISMATCH);
  const frames = header.pages ?? 1;
  const width = header.width ?? 0;
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  if (!width || !frameHeight) throw invalid(CLEAN_IMAGE_MESSAGES.UNREADABLE);
  if (width > MAX_SIDE || frameHeight > MAX_SIDE || frames > MAX_FRAMES || width * frameHeight * frames > MAX_PIXELS) {
    throw invalid(CLEAN_IMAGE_MESSAGES.TOO_BIG);
  }
  try {
    // No withMetadata/keepExif/keepIccProfile: sharp writes no metadata unless told to.
    let pipeline = sharp(body, input);
    if (!animated) pipeline = pipeline.autoOrient();
    if (kind === 'jpeg') pipeline = pipeline.jpeg({ quality: JPEG_QUALITY });
    else if (kind === 'png') pipeline = pipeline.png();
    else pipeline = pipeline.gif();
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { body: data, kind, contentType: IMAGE_CONTENT_TYPES[kind], width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    // A decoder's refusal is the file's fault: a clear refusal, never a 5xx.
    throw invalid(CLEAN_IMAGE_MESSAGES.UNREADABLE);
  }
}
