// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- shared-sdk is compiled as source by every part: this carries the ali-oss types into their programs.
/// <reference path="./ali-oss.d.ts" />
/**
 * Builds an ali-oss client from the upload token. ali-oss is large (about 176 KB gzip), so it is
 * imported only when the first upload starts.
 *
 * Two kinds of endpoint:
 * - a path such as "/oss" (the embedded storage on the page's origin): path-style requests
 *   (`sldEnable`) to the origin, with the path inserted in front of every request URL, because
 *   ali-oss keeps only the host of an endpoint. The signature covers /<bucket>/<key>, as on OSS.
 *   When the token names an `uploadOrigin` (the server's storage thread), writes go to that origin.
 * - a host (a real OSS bucket): ali-oss's defaults, https, virtual-hosted URLs; with `cname`, the
 *   host is a custom domain bound to the bucket and URLs are `https://<domain>/<key>`.
 * Either way every request is signed with OSS signature V4 (`authorizationV4`) for the token's region:
 * OSS no longer offers V1 to new accounts and buckets, and the embedded storage refuses it.
 */
import type OSS from 'ali-oss';
import type { OssOptions } from 'ali-oss';
import { REQUEST_TIMEOUT_MS } from './multipart-settings';
import { type PartProgress, sendPartsAsSlices } from './slice-parts';
import type { TosToken } from '../contract';

export function isEmbeddedEndpoint(endpoint: string): boolean {
  return endpoint.startsWith('/');
}

/** The URL the browser reads an uploaded object from. */
export function objectUrl(token: Pick<TosToken, 'endpoint' | 'bucket' | 'cname'>, key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (isEmbeddedEndpoint(token.endpoint)) return `${token.endpoint}/${token.bucket}/${path}`;
  if (token.cname) return `https://${token.endpoint.replace(/^https?:\/\//, '')}/${path}`;
  return `https://${token.bucket}.${token.endpoint.replace(/^https?:\/\//, '')}/${path}`;
}

/** http://host/bucket/key?x → http://host/oss/bucket/key?x */
export function withPathPrefix(url: string, prefix: string): string {
  const parsed = new URL(url);
  parsed.pathname = `${prefix}${parsed.pathname}`;
  return parsed.toString();
}

export function clientOptions(token: TosToken, origin: string, refresh: OssOptions['refreshSTSToken']): OssOptions {
  const credentials = {
    accessKeyId: token.accessKeyId,
    accessKeySecret: token.secretAccessKey,
    stsToken: token.sessionToken,
    bucket: token.bucket,
    refreshSTSToken: refresh,
    region: token.regionId,
    authorizationV4: true,
  };
  if (isEmbeddedEndpoint(token.endpoint)) {
    // The server's storage thread takes the bytes on an origin of its own when it names one.
    const target = token.uploadOrigin ?? origin;
    return { ...credentials, endpoint: target, secure: target.startsWith('https:'), sldEnable: true, timeout: REQUEST_TIMEOUT_MS };
  }
  return { ...credentials, endpoint: token.endpoint, secure: true, ...(token.cname ? { cname: true } : {}), timeout: REQUEST_TIMEOUT_MS };
}

let loading: Promise<typeof OSS> | undefined;
/**
 * ali-oss's chunk, fetched and compiled once per page. A screen whose purpose is an upload may call
 * this before the file is chosen (prepareUpload), so the upload does not wait for it.
 */
export function loadStorageClient(): Promise<typeof OSS> {
  loading ??= import(/* webpackChunkName: "ali-oss" */ 'ali-oss').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export async function createStorageClient(
  token: TosToken,
  origin: string,
  refresh: OssOptions['refreshSTSToken'],
  onPartProgress?: PartProgress,
): Promise<OSS> {
  const OssClient = await loadStorageClient();
  const client = new OssClient(clientOptions(token, origin, refresh));
  sendPartsAsSlices(client, onPartProgress);
  if (isEmbeddedEndpoint(token.endpoint)) {
    const transport = client.urllib;
    client.urllib = { request: (url, params) => transport.request(withPathPrefix(url, token.endpoint), params) };
  }
  return client;
}
