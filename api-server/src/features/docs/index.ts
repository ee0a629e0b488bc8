/**
 * The contract for integrators: the OpenAPI document at GET /api/openapi.json and a documentation page
 * at /api/docs (Swagger UI, served from the server's own files: nothing of it reaches the creators'
 * bundles). Both are public; the page gets a policy of its own, tighter than the app's (no storage or
 * configured hosts: it only talks to this origin). Its "Try it out" signs calls (try-it.ts).
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { TRY_IT_UI_CONFIG, tryItScript } from './try-it';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';
/** Served at `${DOCS_PREFIX}/static/theme/${TRY_IT_FILE}`. */
export const TRY_IT_FILE = 'try-it.js';

const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Swagger UI sets style attributes on its elements.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const docs: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    // The document's own route is OPENAPI_PATH; the UI's copies under the prefix stay for its page.
    // "Try it out" signs each call and carries the token of a login made on the page (try-it.ts).
    uiConfig: { url: OPENAPI_PATH, deepLinking: true, ...TRY_IT_UI_CONFIG },
    // No badge from the public validator: the page talks to this origin only.
    validatorUrl: false,
    theme: { title: '创作者后台 API', js: [{ filename: TRY_IT_FILE, content: tryItScript() }] },
  });
};

export default docs;
