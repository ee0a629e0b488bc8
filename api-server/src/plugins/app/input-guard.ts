/**
 * Input no route can let through, for every route present and future: each
 * route's querystring, body and params schema is bounded as it is declared (`hardenRequestSchema`),
 * a NUL character anywhere in the input is refused before validation, and a number that is not
 * finite after it (Infinity, 1e309). Both answer 1002 with a
 * Chinese message; neither depends on the route having remembered the rule.
 */
import { ApiCode } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { findNonFiniteField, findNulField, hardenRequestSchema } from '../../lib/request-input';

const PARTS = ['querystring', 'body', 'params'] as const;

/** A route as declared: what the fuzz test walks (every route, with the fields its schema names). */
export interface CatalogRoute {
  method: string;
  url: string;
  querystring?: unknown;
  body?: unknown;
  /** Set on the routes registered from the contract (lib/contract-route.ts). */
  operationId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in order. */
    routeCatalog: CatalogRoute[];
  }
}

export default globalPlugin(async (app) => {
  const catalog: CatalogRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (schema) for (const part of PARTS) if (schema[part]) schema[part] = hardenRequestSchema(schema[part]);
    for (const method of [route.method].flat()) {
      const operationId = typeof schema?.operationId === 'string' ? schema.operationId : undefined;
      catalog.push({ method, url: route.url, querystring: schema?.querystring, body: schema?.body, ...(operationId ? { operationId } : {}) });
    }
  });

  app.addHook('preValidation', async (request) => {
    const field = findNulField(request.params) ?? findNulField(request.query) ?? findNulField(request.body);
    if (field !== null) throw new ApiError(ApiCode.INVALID_PARAMS, field ? `参数错误：${field} 不能包含空字符` : '参数错误：不能包含空字符');
  });

  // After validation (which wrote its coerced values back): what the schema let through as a number.
  app.addHook('preHandler', async (request) => {
    const field = findNonFiniteField(request.params) ?? findNonFiniteField(request.query) ?? findNonFiniteField(request.body);
    if (field !== null) throw new ApiError(ApiCode.INVALID_PARAMS, field ? `参数错误：${field} 必须是有限的数字` : '参数错误：必须是有限的数字');
  });
});
