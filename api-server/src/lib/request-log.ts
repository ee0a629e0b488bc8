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

let stdoutClosed = false;
let listening = false;

/**
 * The log's stream: Node's own stdout, which writes synchronously to files, pipes and terminals on
 * Linux (as console.log does). pino's default destination hands every line to a libuv thread instead
 * (an asynchronous fs.write), which cost ~120 µs of CPU per line against ~50 µs here, when lines come
 * one by one as a server's requests do (bench/RESULTS.md). A line is never lost at a crash; a log
 * reader that stops reading holds the server up, as it would hold up console.log. A reader that goes
 * away (EPIPE) ends the logging, as with pino's destination, instead of the process.
 */
export const stdoutLog = {
  write(line: string): void {
    if (stdoutClosed) return;
    if (!listening) {
      listening = true;
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
        stdoutClosed = true;
      });
    }
    process.stdout.write(line);
  },
};
