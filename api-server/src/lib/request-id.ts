/**
 * Each request's id (`reqId` in its log line, `x-request-id` on its answer): the one nginx gives it
 * (`X-Request-Id: $request_id`, deploy/production/nginx-site.conf.template), so nginx's access log,
 * this server's log and an error report name the same request; a fresh one when the request came
 * without (or with something that is not an id: a client's header never reaches the log unchecked).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** nginx's $request_id is 32 hex characters; other proxies use UUIDs or similar. */
const ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ID.test(given) ? given : randomUUID();
}
