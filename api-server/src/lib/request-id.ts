/**
 * Each request's id (`reqId` in its log line, `x-request-id` on its answer): the one nginx gives it
 * (`X-Request-Id: $request_id`, deploy/production/nginx-site.conf.template), so nginx's access log,
 * this server's log and an error report (a failed call's item, features/runtime/error-reports.ts)
 * name the same request; a fresh one when the request came without (or with something that is not
 * an id: a client's header never reaches the log unchecked).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from 'shared-sdk/contract';
import { runtime } from 'shared-sdk/contract/schemas';

export { REQUEST_ID_HEADER };

/** What an id is (REQUEST_ID, shared-sdk/src/contract/runtime/schemas.ts) is one pattern for this server and the error reports. */
export function requestIdOf(request: IncomingMessage): string {
  return runtime.requestIdOrNothing(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}
