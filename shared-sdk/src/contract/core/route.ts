/**
 * One call of the contract: where it lives, what it takes and the `data` of its answer. The server
 * registers the route from this (validation, serialisation, handler types, the OpenAPI document);
 * the browser types its request and answer with `RequestOf` / `DataOf` (`EventOf` for a call that
 * answers an event stream).
 */
import type { Static, TSchema } from 'typebox';

/**
 * Who may call: see the server's route policy (signature, token). 'operator': the console's and the
 * operator CLI's calls, authenticated by an operator session (cookie) or personal token (bearer
 * header), never by a creator's token; `permission` says which roles may call.
 */
export type CallAuth = 'signed+token' | 'signed' | 'token' | 'public' | 'operator';

/**
 * What an operator call needs (roles map to these in `operator-roles.ts`):
 * 'self' any signed-in operator acting on their own account (password, personal tokens, sign-out);
 * 'read' admin, moderator, viewer; 'moderate' admin and moderator; 'admin' admin only; 'release'
 * the release calls: admins, release managers within their scope, and CI release tokens (`mfci_…`)
 * within theirs (a CI token is good for nothing else).
 */
export type OperatorPermission = 'self' | 'read' | 'moderate' | 'admin' | 'release';

interface RouteBase {
  method: 'GET' | 'POST';
  url: string;
  /** Unique name of the call; the OpenAPI operationId, and how the coverage check finds the route. */
  operationId: string;
  summary: string;
  /** The feature (one OpenAPI tag). */
  tag: string;
  description?: string;
  /** Default 'signed+token'. */
  auth?: CallAuth;
  /** With auth 'operator': who may call (default 'admin', fail closed). */
  permission?: OperatorPermission;
  /**
   * A call whose body is a file streamed as is (not a form): its media type and largest size. Its
   * other fields travel in the query string.
   */
  upload?: { mediaType: string; maxBytes: number };
  querystring?: TSchema;
  body?: TSchema;
  params?: TSchema;
}

/** A call answering the `{code, msg, data}` envelope. */
export interface JsonRoute extends RouteBase {
  /** The `data` of a successful answer. */
  data: TSchema;
  /**
   * The `data` of a refusal that carries one (code ≠ 0), so that a caller tells it apart by its
   * fields, not by the message; any other refusal's `data` is null.
   */
  refusal?: TSchema;
  events?: undefined;
  file?: undefined;
}

/**
 * A call answering an event stream (`text/event-stream`) on success. A refusal before the stream
 * starts is still the envelope, with `data` null.
 */
export interface EventsRoute extends RouteBase {
  /** The JSON of each event's `data:` line. */
  events: TSchema;
  data?: undefined;
  file?: undefined;
}

/**
 * A call answering a file (a CSV export) on success, as an attachment of this media type. A refusal
 * is still the envelope, with `data` null.
 */
export interface FileRoute extends RouteBase {
  file: { mediaType: string; description: string };
  data?: undefined;
  events?: undefined;
}

export type ContractRoute = JsonRoute | EventsRoute | FileRoute;

export const defineRoute = <const R extends ContractRoute>(route: R): R => route;

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** What the caller sends: the query of a GET, the form body of a POST (plus path params). */
export type RequestOf<R extends ContractRoute> = StaticOf<R['querystring']> | StaticOf<R['body']> extends infer Q
  ? [Q] extends [never]
    ? Record<string, never>
    : Q
  : never;

/** The `data` of a successful answer (never for a call answering events). */
export type DataOf<R extends ContractRoute> = StaticOf<R['data']>;

/** The `data` of a refusal that carries one (`refusal`), or never. */
export type RefusalOf<R extends ContractRoute> = R extends { refusal: infer S extends TSchema } ? Static<S> : never;

/** One event of a call answering an event stream: the JSON of its `data:` line. */
export type EventOf<R extends ContractRoute> = StaticOf<R['events']>;
