/**
 * One call of the contract: where it lives, what it takes and the `data` of its answer. The server
 * registers the route from this (validation, serialisation, handler types, the OpenAPI document);
 * the browser types its request and answer with `RequestOf` / `DataOf`.
 */
import type { Static, TSchema } from 'typebox';

/** Who may call: see the server's route policy (signature, token). */
export type CallAuth = 'signed+token' | 'signed' | 'token' | 'public';

export interface ContractRoute {
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
  querystring?: TSchema;
  body?: TSchema;
  params?: TSchema;
  /** The `data` of a successful answer. */
  data: TSchema;
}

export const defineRoute = <const R extends ContractRoute>(route: R): R => route;

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** What the caller sends: the query of a GET, the form body of a POST (plus path params). */
export type RequestOf<R extends ContractRoute> = StaticOf<R['querystring']> | StaticOf<R['body']> extends infer Q
  ? [Q] extends [never]
    ? Record<string, never>
    : Q
  : never;

/** The `data` of a successful answer. */
export type DataOf<R extends ContractRoute> = Static<R['data']>;
