/**
 * One meaning per address: the only place where the spelled path of an object (what follows
 * `<base>/<bucket>/` in a URL) becomes a storage key, for every route and check that reads one
 * (serving, signed writes, publish readiness, material usage, uploads named by URL).
 *
 * A key has one spelling, the one `publicUrl(key)` writes: each segment through encodeURIComponent.
 * Keys hold only characters encodeURIComponent leaves alone (object-store.ts), so that spelling is
 * the key itself. Each segment is decoded exactly once, and a path that is not the canonical
 * spelling of what it decodes to names no key: `%2E` (spells `.`), `%2F` (a `/` inside a segment)
 * and `%252E` (decodes to `%2E`, which no key holds) are refused, so no reader can decode again and
 * reach an object the checks never saw. One allowance: `! ' ( ) *` may also come percent-encoded,
 * because the clients disagree on them (ali-oss in Node sends `'` as `%27`, RFC 3986 encoders all
 * five); none of them decodes into a `%`, `/` or `.`, so this opens no second meaning.
 */
import { type StorageAddress, isValidKey } from './object-store';

export type { StorageAddress } from './object-store';

/** Characters encodeURIComponent leaves alone but other encoders escape (see above). */
const SUB_DELIMS = /%(?:21|27|28|29|2a)/gi;

/** The canonical spelling of a key in a URL path. */
export function encodeObjectKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The key a spelled path names, decoded once; null unless the path is that key's canonical
 * spelling. Key rules (length, characters, dot segments) are the caller's: signed writes answer
 * those in the protocol's own words. An empty path decodes to the empty key.
 */
export function decodeObjectPath(spelled: string): string | null {
  let key: string;
  try {
    key = spelled.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return encodeObjectKey(key) === spelled.replace(SUB_DELIMS, (escape) => decodeURIComponent(escape)) ? key : null;
}

/** The valid key a spelled path names in its canonical spelling, else null. */
export function objectKeyOfPath(spelled: string): string | null {
  const key = decodeObjectPath(spelled);
  return key !== null && isValidKey(key) ? key : null;
}

/**
 * A path folded the way a lenient reader might read it: runs of slashes as one, each segment
 * decoded once when it can be, lower case. Only used to tell that a path means the store's mount
 * point without spelling it canonically, never to find a key.
 */
function folded(pathname: string): string {
  return pathname
    .replace(/\/{2,}/g, '/')
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/')
    .toLowerCase();
}

/**
 * An address in a store mounted at `prefix` (`<base>/<bucket>/`, ending in a slash) from a URL's
 * path as sent or parsed (no query): null when outside the prefix. A path that only a lenient
 * reading puts under the prefix (`/oss//<bucket>/…`, `/OSS/<bucket>/…`, `/oss/%62ucket/…`) lies in
 * the store's namespace but names no key: it is a dead address (the storage serves 404 there), and
 * every check that saves an address refuses it instead of taking it for some other site's path.
 */
export function addressInPrefix(pathname: string, prefix: string): StorageAddress | null {
  if (pathname.startsWith(prefix)) return { key: objectKeyOfPath(pathname.slice(prefix.length)) };
  return prefix !== '/' && folded(pathname).startsWith(folded(prefix)) ? { key: null } : null;
}

/** The path of a request target as sent (`request.url`: path and query, never decoded). */
export function pathOfRequestTarget(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}
