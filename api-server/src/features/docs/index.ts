/**
 * The contract for integrators: the OpenAPI document at GET /api/openapi.json and a documentation page
 * at /api/docs (Swagger UI, served from the server's own files: nothing of it reaches the creators'
 * bundles). Both are public; the page gets a policy of its own, tighter than the app's (no storage or
 * configured hosts: it only talks to this origin).
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

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
    uiConfig: { url: OPENAPI_PATH, deepLinking: true },
    // No badge from the public validator: the page talks to this origin only.
    validatorUrl: false,
    theme: { title: '创作者后台 API' },
  });
};

export default docs;
