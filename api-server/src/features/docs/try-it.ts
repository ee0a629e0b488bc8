/**
 * "Try it out" on the documentation page for signed calls: a script served with the page (its own
 * file under the page's CSP, no inline script) that signs each request as shared-sdk does and adds
 * the token of a login made on the page (POST /login/admin/login with a demo account of `npm start`;
 * POST /login/admin/quit forgets it). The signing is shared-sdk's own `canonicalString`, embedded by
 * its source, and js-md5's browser build, so the page cannot sign differently from the creators' app.
 * It is served under the page's prefix only: nothing of it reaches the creators' bundles.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import { canonicalString, newNonce } from 'shared-sdk/contract';

/** What Swagger UI hands a request interceptor (and sends what it gives back). */
export interface TryItRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Set when Swagger UI fetches the document itself. */
  loadSpec?: boolean;
}
export interface TryItResponse {
  url: string;
  body?: unknown;
}

/** What the script needs of the page (a window; a test gives it its own). */
export interface TryItPage {
  location: { origin: string };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: (url: string) => Promise<{ json(): Promise<unknown> }>;
  md5: (text: string) => string;
  creatorDocs?: {
    requestInterceptor(request: TryItRequest): Promise<TryItRequest>;
    responseInterceptor(response: TryItResponse): TryItResponse;
  };
}

const TOKEN_KEY = 'creator-docs/token';
/** Calls the page signs (a public call ignores the extra fields); the newspaper host takes the token as a header instead. */
const SIGNED_PATH = /^\/(api|login|admin|service)\//;
const HEADER_TOKEN_PATH = /^\/bigscreen\//;

/** Runs in the page: `canonical` is shared-sdk's canonicalString, `nonce` its newNonce. */
function installTryIt(page: TryItPage, canonical: typeof canonicalString, nonce: typeof newNonce, tokenKey: string, signed: RegExp, headerToken: RegExp): void {
  const config = page
    .fetch('/api/runtime/config')
    .then((answer) => answer.json())
    .then((answer) => (answer as { data: { appId: string; appSecret: string } }).data);

  /** The body's parameters as the server reads them: a form, or a JSON object. */
  const bodyParams = (body: unknown): Array<[string, string]> => {
    if (typeof body === 'string') {
      const text = body.trim();
      if (text.startsWith('{')) return Object.entries(JSON.parse(text) as Record<string, unknown>).map(([key, value]) => [key, String(value)]);
      return [...new URLSearchParams(text).entries()];
    }
    if (body instanceof URLSearchParams) return [...body.entries()];
    if (body && typeof body === 'object') return Object.entries(body).map(([key, value]) => [key, String(value)]);
    return [];
  };

  page.creatorDocs = {
    async requestInterceptor(request) {
      const url = new URL(request.url, page.location.origin);
      if (request.loadSpec || url.origin !== page.location.origin) return request;
      const token = page.sessionStorage.getItem(tokenKey);
      if (headerToken.test(url.pathname)) return token ? { ...request, headers: { ...request.headers, Authorization: token } } : request;
      if (!signed.test(url.pathname)) return request;
      const { appId, appSecret } = await config;
      // The signing fields ride in the query string; the server signs query and body together.
      const added: Record<string, string> = { timestamp: String(Date.now()), app_id: appId, nonce: nonce() };
      if (token) added.token = token;
      for (const [key, value] of Object.entries(added)) url.searchParams.set(key, value);
      const params: Record<string, string> = Object.fromEntries([...url.searchParams.entries(), ...bodyParams(request.body)]);
      url.searchParams.set('sign', page.md5(canonical({ method: request.method, path: url.pathname }, params) + appSecret));
      return { ...request, url: url.toString() };
    },
    responseInterceptor(response) {
      const path = new URL(response.url, page.location.origin).pathname;
      const answer = response.body as { code?: number; data?: { token?: unknown } } | undefined;
      if (path === '/login/admin/login' && answer?.code === 0 && typeof answer.data?.token === 'string')
        page.sessionStorage.setItem(tokenKey, answer.data.token);
      if (path === '/login/admin/quit') page.sessionStorage.removeItem(tokenKey);
      return response;
    },
  };
}

/** The Swagger UI options that route every request and answer through the script. */
export const TRY_IT_UI_CONFIG: Pick<FastifySwaggerUiConfigOptions, 'requestInterceptor' | 'responseInterceptor'> = {
  requestInterceptor: (request) => (globalThis as unknown as TryItPage).creatorDocs?.requestInterceptor(request as TryItRequest) ?? request,
  responseInterceptor: (response) => (globalThis as unknown as TryItPage).creatorDocs?.responseInterceptor(response as TryItResponse) ?? response,
};

let script: string | null = null;

/** The page's script: js-md5's browser build, then the installer with shared-sdk's signing. */
export function tryItScript(): string {
  if (script) return script;
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('shared-sdk/package.json'));
  const md5 = readFileSync(fromSdk.resolve('js-md5/build/md5.min.js'), 'utf8');
  // The server runs through tsx, whose esbuild keeps function names with a `__name(fn, name)` helper
  // that the embedded sources call; the page gets a stand-in that leaves the function as it is.
  script = `${md5}
;var __name = (target) => target;
(${installTryIt.toString()})(window, ${canonicalString.toString()}, ${newNonce.toString()}, ${JSON.stringify(TOKEN_KEY)}, ${SIGNED_PATH.toString()}, ${HEADER_TOKEN_PATH.toString()});
`;
  return script;
}
