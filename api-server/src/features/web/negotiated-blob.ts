/**
 * Picks the precompressed twin (`<key>.br`, `<key>.gz`, written by the build and published with
 * it) of a stored file when the caller accepts that encoding, for files not served from a folder
 * (the released remotes in the release store).
 */
import { COMPRESSIBLE_FILE } from './cache-policy';
import { acceptedEncodings, ENCODING_SUFFIX, type ContentEncoding } from './encoding';

export interface NegotiatedBody {
  body: Buffer;
  /** Set when `body` is the compressed twin. */
  encoding?: ContentEncoding;
  /** Whether the answer depends on Accept-Encoding (send `Vary: accept-encoding`). */
  varies: boolean;
}

export async function readNegotiated(
  get: (key: string) => Promise<Buffer | null>,
  key: string,
  acceptEncoding: string | string[] | undefined,
): Promise<NegotiatedBody | null> {
  const varies = COMPRESSIBLE_FILE.test(key);
  if (varies) {
    for (const encoding of acceptedEncodings(acceptEncoding)) {
      const body = await get(`${key}${ENCODING_SUFFIX[encoding]}`);
      if (body) return { body, encoding, varies };
    }
  }
  const body = await get(key);
  return body ? { body, varies } : null;
}
