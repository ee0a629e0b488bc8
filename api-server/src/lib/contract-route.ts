/**
 * Registers a call of the contract (`shared-sdk/contract/schemas`) as a route: its schemas validate
 * the request, serialise the answer (which also keeps unlisted columns out of it), type the handler
 * through the TypeBox type provider, and describe the call in the OpenAPI document. Method, path,
 * auth policy and schemas all come from the contract: nothing about the call is written here again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ApiEnvelope } from 'shared-sdk/contract';
import { type CallAuth, type ContractRoute, type DataOf, Envelope } from 'shared-sdk/contract/schemas';

const SECURITY: Record<CallAuth, Array<Record<string, string[]>>> = {
  'signed+token': [{ signature: [], token: [] }],
  signed: [{ signature: [] }],
  token: [{ token: [] }],
  public: [],
};

/** Calls with a body take it as a form (what the browser sends) or as JSON. */
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

export interface ContractSchema<R extends ContractRoute> {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  consumes?: string[];
  querystring: R['querystring'];
  body: R['body'];
  params: R['params'];
  response: { 200: ReturnType<typeof Envelope<R['data']>> };
}

export function contractSchema<R extends ContractRoute>(route: R): ContractSchema<R> {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.auth ?? 'signed+token'],
    ...(route.body ? { consumes: BODY_TYPES } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.params ? { params: route.params } : {}),
    response: { 200: Envelope(route.data) },
  } as ContractSchema<R>;
}

export type ContractRequest<R extends ContractRoute> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  ContractSchema<R>,
  TypeBoxTypeProvider
>;

export type ContractHandler<R extends ContractRoute> = (
  this: FastifyInstance,
  request: ContractRequest<R>,
  reply: FastifyReply<RouteGenericInterface, RawServerDefault, IncomingMessage, ServerResponse, unknown, ContractSchema<R>, TypeBoxTypeProvider>,
) => Promise<ApiEnvelope<DataOf<R>>>;

/**
 * Route options a call may add: its own rate limit, hooks, body limit, and `attachValidation` for a
 * call whose refusal of a malformed request has a shape of its own (the handler reads
 * `request.validationError`).
 */
export type ContractRouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'onRequest' | 'preHandler' | 'preValidation' | 'attachValidation'>;

export function serve<R extends ContractRoute>(app: FastifyInstance, route: R, handler: ContractHandler<R>, options: ContractRouteOptions = {}): void {
  const { config, ...rest } = options;
  app.route({
    ...rest,
    method: route.method,
    url: route.url,
    schema: contractSchema(route),
    // Always the contract's policy (default 'signed+token'), never the path's default: a call under
    // a public prefix such as /api/runtime/ is still signed when its contract entry says so.
    config: { ...config, auth: route.auth ?? 'signed+token' },
    // The handler's types come from the same schema fastify validates with; only the generic
    // parameters are erased here, once.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
