/**
 * GET a URL a user named, without letting them reach our own network (SSRF):
 * - http and https only, no credentials in the URL;
 * - the name is resolved once, every address it resolves to must pass the address rule, and the
 *   connection goes to that checked address (the Host header and TLS name stay the URL's), so a DNS
 *   answer that changes between the check and the connection (rebinding) cannot redirect us;
 * - redirects are followed by hand, each target checked the same way, at most `maxRedirects`;
 * - the body is capped while it streams, and the whole exchange has one deadline.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AddressRule, normalise } from './public-address';

export type FetchFailure = 'url' | 'address' | 'redirects' | 'status' | 'size' | 'timeout' | 'network';

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface Fetched {
  body: Buffer;
  url: string;
  contentType: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('url', `scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw new FetchRefused('url', 'credentials in the URL are not allowed');
  if (!url.hostname) throw new FetchRefused('url', 'no host');
  return url;
}

/** The one address to connect to, after checking every address the name resolves to. */
async function checkedAddress(url: URL, rule: AddressRule, resolve: Resolver): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    throw new FetchRefused('network', `cannot resolve ${host}`);
  }
  const first = addresses[0];
  if (!first) throw new FetchRefused('network', `no address for ${host}`);
  const refused = addresses.find((address) => !rule(address));
  if (refused) throw new FetchRefused('address', `${host} resolves to a non-public address`);
  // Connect to the address the rule judged (`::a00:1` judged as 10.0.0.1 is dialled as 10.0.0.1).
  return normalise(first)?.toString() ?? first;
}

interface Answer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, address: string, limits: FetchLimits, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(
      {
        host: address,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // The certificate is checked against the URL's name, not the address we connect to.
        ...(isIP(hostname) ? {} : { servername: hostname }),
        headers: { host: url.host, accept: 'image/*', 'user-agent': 'creator-backoffice-image-fetch/1.0' },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const contentType = String(response.headers['content-type'] ?? '');
        if (REDIRECTS.has(status) || status !== 200) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          response.destroy();
          reject(new FetchRefused('size', 'the image is too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(new FetchRefused('size', 'the image is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export async function fetchPublic(raw: string, rule: AddressRule, limits: FetchLimits, resolve: Resolver = systemResolver): Promise<Fetched> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let url = parseHttpUrl(raw);
    for (let hop = 0; ; hop += 1) {
      const address = await checkedAddress(url, rule, resolve);
      const answer = await requestOnce(url, address, limits, controller.signal);
      if (REDIRECTS.has(answer.status)) {
        if (!answer.location) throw new FetchRefused('status', 'redirect without a location', answer.status);
        if (hop >= limits.maxRedirects) throw new FetchRefused('redirects', 'too many redirects');
        url = parseHttpUrl(answer.location, url);
        continue;
      }
      if (answer.status !== 200) throw new FetchRefused('status', `answered ${answer.status}`, answer.status);
      return { body: answer.body, url: url.href, contentType: answer.contentType };
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (controller.signal.aborted) throw new FetchRefused('timeout', 'timed out');
    throw new FetchRefused('network', error instanceof Error ? error.message : 'network failure');
  } finally {
    clearTimeout(timer);
  }
}
