/**
 * The headers a stored object is served with, so that nothing in storage can ever run as the app:
 * - user uploads (keys of the upload layout, features/upload/keys.ts) are typed by their bytes again
 *   (content-sniff.ts), whatever was stored; only images, video and audio are inline, everything
 *   else is a download of `application/octet-stream`;
 * - files the server or an operator wrote (newspaper pages, releases) keep their type; images,
 *   video, audio and PDF are inline, anything else is a download;
 * - always `nosniff` and a sandboxing CSP: even a file opened directly gets an opaque origin, no
 *   script, no plugins, no requests.
 */
import path from 'node:path';
import { parseUploadKey } from '../features/upload/keys';
import { OCTET_STREAM, SNIFF_HEAD_BYTES, isInlineKind, sniffStored } from './content-sniff';
import { type ObjectInfo, type ObjectStore, readObject } from './object-store';
import { MAX_SVG_BYTES } from './svg-policy';

export const STORAGE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const TRUSTED_INLINE = /^(?:image\/(?:png|jpeg|gif|webp)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf)$/;

export interface ServedAs {
  contentType: string;
  inline: boolean;
}

/** User uploads are sniffed from their first bytes (an SVG, at most 2 MB, from the whole document). */
export async function servedAs(store: ObjectStore, info: ObjectInfo): Promise<ServedAs> {
  if (parseUploadKey(info.key)) {
    const head = (await store.readHead(info.key, SNIFF_HEAD_BYTES)) ?? Buffer.alloc(0);
    const sniffed = await sniffStored(head, info.size, () => readObject(store, info.key, MAX_SVG_BYTES));
    return isInlineKind(sniffed.kind) ? { contentType: sniffed.contentType, inline: true } : { contentType: OCTET_STREAM, inline: false };
  }
  const type = info.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return { contentType: info.contentType || OCTET_STREAM, inline: TRUSTED_INLINE.test(type) };
}

export async function servingHeaders(store: ObjectStore, info: ObjectInfo): Promise<Record<string, string>> {
  const served = await servedAs(store, info);
  const name = path.posix.basename(info.key).replace(/[^\w.-]/g, '_');
  return {
    'content-type': served.contentType,
    'content-disposition': served.inline ? 'inline' : `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': STORAGE_CSP,
    'cross-origin-resource-policy': 'cross-origin',
  };
}
