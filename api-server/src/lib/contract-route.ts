/**
 * Registers a call of the contract (`shared-sdk/contract/schemas`) as a route: its schemas validate
 * the request, serialise the answer (which also keeps unlisted columns out of it), type the handler
 * through the TypeBox type provider, and describe the call in the OpenAPI document. Method, path,
 * auth policy and schemas all come from the contract: nothing about the call is written here again.
 *
 * A call with `events` answers an event stream instead of the envelope: its handler refuses like every
 * other (before the stream starts, with the envelope), and once the call is accepted returns an
 * `EventStream` of the contract's events that it writes to as they come.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { type TSchema, Type } from 'typebox';
import { type CallAuth, type ContractRoute, type DataOf, type EventOf, Envelope, Refusal } from 'shared-sdk/contract/schemas';

const SECURITY: Record<CallAuth, Array<Record<string, string[]>>> = {
  'signed+token': [{ signature: [], token: [] }],
  signed: [{ signature: [] }],
  token: [{ token: [] }],
  public: [],
  // The console's cookie, or a personal token (the command line).
  operator: [{ operatorSession: [] }, { operatorToken: [] }],
};

/** Calls with a body take it as a form (what the browser sends) or as JSON. */
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

const EVENT_STREAM = 'text/event-stream';

/** The answer of a call with `events`: the stream on success, the envelope (`data` null) on a refusal. */
function eventsAnswer<E extends TSchema>(events: E) {
  return {
    description:
      `\`${EVENT_STREAM}\` on success: each event's \`data:\` line is one of these JSON objects. ` +
      'A refusal before the stream starts is the envelope, with `data` null.',
    content: { [EVENT_STREAM]: { schema: events }, 'application/json': { schema: Refusal } },
  };
}

/** The answer of a call with `file`: the file on success, the envelope (`data` null) on a refusal. */
function fileAnswer(file: { mediaType: string; description: string }) {
  return {
    description: `\`${file.mediaType}\` on success, as an attachment: ${file.description}. A refusal is the envelope, with \`data\` null.`,
    content: { [file.mediaType]: { schema: { type: 'string' } }, 'application/json': { schema: Refusal } },
  };
}

/** How the document describes the `data` of a call whose contract declares a refusal's data. */
export const REFUSAL_DATA =
  'The first schema when `code` is 0 (the answer); the second for the refusal that carries data (its code in the description of the call); null for any other refusal.';

type AnswerSchema<R extends ContractRoute> = R extends { events: infer E extends TSchema }
  ? ReturnType<typeof eventsAnswer<E>>
  : R extends { data: infer D extends TSchema }
    ? ReturnType<typeof Envelope<D>>
    : R extends { file: object }
      ? ReturnType<typeof fileAnswer>
      : never;

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
  response: { 200: AnswerSchema<R> };
}

export function contractSchema<R extends ContractRoute>(route: R): ContractSchema<R> {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.auth ?? 'signed+token'],
    ...(route.body ? { consumes: BODY_TYPES } : {}),
    ...(route.upload ? { consumes: [route.upload.mediaType] } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    // An upload's body reaches the handler as the path of a temporary file holding it (uploadParser).
    ...(route.upload
      ? { body: { type: 'string', contentMediaType: route.upload.mediaType, description: `the file itself, at most ${route.upload.maxBytes} bytes` } }
      : {}),
    ...(route.params ? { params: route.params } : {}),
    response: {
      200: route.events
        ? eventsAnswer(route.events)
        : route.file
          ? fileAnswer(route.file)
          : // A refusal with data (`refusal`) answers it in the same envelope, said so in the document.
            Envelope(route.refusal ? Type.Union([route.data, route.refusal], { description: REFUSAL_DATA }) : route.data),
    },
  } as ContractSchema<R>;
}

export type ContractRequest<R extends ContractRoute> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  ContractSchema<R>,
  TypeBoxTypeProvider
>;

/**
 * The answer of a call with `events`, once the call is accepted: the handler returns it and writes
 * the events to it as they come (serve() sends it as `text/event-stream`); `end()` closes it.
 */
export class EventStream<E> {
  /** What the reply sends. */
  readonly body = new PassThrough();

  /** One event: its `data:` line, after `event: <name>` for a named one (`error`). */
  send(data: E, name?: string): void {
    this.body.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    this.body.end();
  }
}

/** The event stream of a call with `events`, typed with them. */
export const eventStream = <R extends ContractRoute & { events: TSchema }>(_route: R): EventStream<EventOf<R>> => new EventStream<EventOf<R>>();

/** What a call with `file` answers on success: the file's name and its bytes (text, or a stream). */
export interface FileAnswer {
  filename: string;
  body: string | NodeJS.ReadableStream;
}

type AnswerOf<R extends ContractRoute> = R extends { events: TSchema }
  ? EventStream<EventOf<R>>
  : R extends { file: object }
    ? FileAnswer
    : ApiEnvelope<DataOf<R>>;

export type ContractHandler<R extends ContractRoute> = (
  this: FastifyInstance,
  request: ContractRequest<R>,
  reply: FastifyReply<RouteGenericInterface, RawServerDefault, IncomingMessage, ServerResponse, unknown, ContractSchema<R>, TypeBoxTypeProvider>,
) => Promise<AnswerOf<R>>;

/** Sends the stream a call with `events` returned, as `text/event-stream`. */
function streaming(handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const stream = (await handler.call(this, request, reply)) as EventStream<unknown>;
    return (
      reply
        .header('content-type', `${EVENT_STREAM}; charset=utf-8`)
        .header('cache-control', 'no-store')
        // Proxies (nginx) must pass each event on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no')
        .send(stream.body)
    );
  };
}

/**
 * Route options a call may add: its own rate limit, hooks, body limit, and `attachValidation` for a
 * call whose refusal of a malformed request has a shape of its own (the handler reads
 * `request.validationError`).
 */
export type ContractRouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'onRequest' | 'preHandler' | 'preValidation' | 'attachValidation'>;

/** Sends the file a call with `file` returned, as an attachment of the contract's media type. */
function sendingFile(handler: RouteHandlerMethod, mediaType: string): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const file = (await handler.call(this, request, reply)) as FileAnswer;
    const ascii = file.filename.replace(/[^\w.-]/g, '_');
    return reply
      .header('content-type', mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'no-store')
      .send(file.body);
  };
}

/**
 * The body parser of a call with `upload` (register it for the media type in the feature's scope):
 * streams the body into a temporary file, never holding it in memory, refusing it with HTTP 413 as
 * soon as it passes the route's limit (before a byte is read when its Content-Length says so), and
 * hands the handler the file's path; `removeUpload` removes it once the answer has been sent.
 */
export async function uploadParser(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<string> {
  const limit = request.routeOptions.bodyLimit ?? 0;
  const tooLarge = () => Object.assign(new Error('request body too large'), { statusCode: 413 });
  if (Number(request.headers['content-length']) > limit) throw tooLarge();
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-'));
  const file = path.join(dir, 'body');
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(payload, counter, createWriteStream(file));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return file;
}

/** Removes the temporary file of an upload once its answer is sent (an onResponse hook of the feature). */
export async function removeUpload(request: FastifyRequest): Promise<void> {
  if (typeof request.body === 'string' && path.basename(request.body) === 'body' && path.basename(path.dirname(request.body)).startsWith('upload-')) {
    await rm(path.dirname(request.body), { recursive: true, force: true });
  }
}

export function serve<R extends ContractRoute>(app: FastifyInstance, route: R, handler: ContractHandler<R>, options: ContractRouteOptions = {}): void {
  const { config, ...rest } = options;
  app.route({
    ...(route.upload ? { bodyLimit: route.upload.maxBytes } : {}),
    ...rest,
    method: route.method,
    url: route.url,
    schema: contractSchema(route),
    // Always the contract's policy (default 'signed+token'), never the path's default: a call under
    // a public prefix such as /api/runtime/ is still signed when its contract entry says so.
    config: { ...config, auth: route.auth ?? 'signed+token', ...(route.auth === 'operator' ? { permission: route.permission ?? 'admin' } : {}) },
    // The handler's types come from the same schema fastify validates with; only the generic
    // parameters are erased here, once.
    handler: route.events
      ? streaming(handler as unknown as RouteHandlerMethod)
      : route.file
        ? sendingFile(handler as unknown as RouteHandlerMethod, route.file.mediaType)
        : (handler as unknown as RouteHandlerMethod),
  });
}
