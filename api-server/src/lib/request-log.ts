/**
 * One log line per request instead of Fastify's two. Fastify writes `incoming request` (the request)
 * when a request arrives and `request completed` (status and time) when its answer is sent; on a
 * loaded server the two lines were the largest single cost of a request's logging, each line one
 * more serialisation, redaction pass and write. The one line written at the end carries both: the
 * request (method, URL redacted, host, address, port; `reqId` as before), `res.statusCode` and
 * `responseTime` in ms; `request errored` keeps its level (error) and adds `err`.
 *
 * The arrival line is still written at `debug` (`LOG_LEVEL=debug`), for finding a request that never
 * answers: at `info` and above it costs nothing.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
