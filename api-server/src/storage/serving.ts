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
import { OCTET_STREAM, isInlineKind, sniffContent } from './content-sniff';

export const STORAGE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const TRUSTED_INLINE = /^(?:image\/(?:png|jpeg|gif|webp)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf)$/;

export interface ServedAs {
  contentType: string;
  inline: boolean;
}

export function servedAs(key: string, storedType: string, body: Buffer): ServedAs {
  if (parseUploadKey(key)) {
    const sniffed = sniffContent(body);
    return isInlineKind(sniffed.kind) ? { contentType: sniffed.contentType, inline: true } : { contentType: OCTET_STREAM, inline: false };
  }
  const type = storedType.split(';')[0]?.trim().toLowerCase() ?? '';
  return { contentType: storedType || OCTET_STREAM, inline: TRUSTED_INLINE.test(type) };
}

export function servingHeaders(key: string, storedType: string, body: Buffer): Record<string, string> {
  const served = servedAs(key, storedType, body);
  const name = path.posix.basename(key).replace(/[^\w.-]/g, '_');
  return {
    'content-type': served.contentType,
    'content-disposition': served.inline ? 'inline' : `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': STORAGE_CSP,
    'cross-origin-resource-policy': 'cross-origin',
  };
}
