/**
 * The addresses a document names, and what each names in our storage, decoded once by the store
 * (storage/object-address.ts), so publish readiness and material usage judge the key the storage
 * route serves. Every URL-bearing field counts: the sanitized body's `src`, `poster` and `href` of any
 * element, the covers, the video piece's video and poster, the gallery or post images.
 */
import type { EditorDocument } from 'shared-sdk/contract';
import type { ObjectStore } from '../../storage/object-store';

/** More distinct addresses than a manuscript can reasonably show are not looked up for usage. */
export const MAX_USAGE_URLS = 500;

const ANY_TAG = /<[a-z][a-z0-9]*\b[^>]*>/gi;
const MEDIA_TAG = /^<(?:img|video|audio|source)\b/i;
const URL_ATTRIBUTE = /\s(src|poster|href)\s*=\s*"([^"]*)"/gi;

/** The few entities the sanitizer writes inside attribute values. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[name] ?? '');
}

interface Named {
  url: string;
  /** Shown as a medium (what material usage records): media elements' sources and the fields. */
  media: boolean;
}

function namedAddresses(doc: EditorDocument): Named[] {
  const named: Named[] = [];
  for (const tag of doc.content.match(ANY_TAG) ?? []) {
    const media = MEDIA_TAG.test(tag);
    for (const match of tag.matchAll(URL_ATTRIBUTE)) named.push({ url: decodeAttribute(match[2] ?? ''), media: media && match[1]?.toLowerCase() !== 'href' });
  }
  for (const url of [...doc.covers, doc.video.url, doc.video.poster, ...doc.images.map((image) => image.url)]) named.push({ url, media: true });
  return named.map(({ url, media }) => ({ url: url.trim(), media })).filter(({ url }) => url !== '');
}

export interface DocumentAddresses {
  /** Addresses in our storage that name no key as spelled: refused when publishing. */
  invalid: string[];
  /** Every key of our storage the document names, once each. */
  keys: string[];
  /** What material usage matches, at most MAX_USAGE_URLS: media addresses outside our storage as written, and our keys. */
  usage: { external: string[]; keys: string[] };
}

export function documentAddresses(storage: Pick<ObjectStore, 'addressOf'>, doc: EditorDocument): DocumentAddresses {
  const invalid = new Set<string>();
  const keys = new Set<string>();
  const external = new Set<string>();
  const usageKeys = new Set<string>();
  for (const { url, media } of namedAddresses(doc)) {
    const address = storage.addressOf(url);
    if (address && address.key === null) invalid.add(url);
    if (address?.key) keys.add(address.key);
    if (!media || external.size + usageKeys.size >= MAX_USAGE_URLS) continue;
    if (!address) external.add(url);
    else if (address.key) usageKeys.add(address.key);
  }
  return { invalid: [...invalid], keys: [...keys], usage: { external: [...external], keys: [...usageKeys] } };
}
