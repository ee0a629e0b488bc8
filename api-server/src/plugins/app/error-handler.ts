/**
 * The one error policy. Refusals (ApiError, validation) answer HTTP 200 with their code, as the
 * clients expect; anything unexpected is logged with its stack and answered with a bare 1500, so
 * internals (SQL, paths) never reach a browser.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, fail } from 'shared-sdk/contract';
import { ApiError, MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';
import { describeValidation } from '../../lib/request-input';

/** Raised by the upload reference triggers (migration 0170) when a save names an object the orphan sweep removed. */
export const UPLOAD_REMOVED_SQLSTATE = 'UR001';
export const UPLOAD_REMOVED_MESSAGE = '文件长期未使用已被清理，请重新上传后再保存';

/** The most of an oversize body read (and dropped) so the client can read the 413 instead of a reset. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Reads the rest of a refused body and drops it. Answering while the client is still sending makes
 * the server close the connection with unread data, which the client sees as a reset, not a 413.
 * Resolves true when the body was read to its end, false when it was too long or too slow.
 */
export function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.resume();
  });
}

/** HTTP 413 with the envelope, naming the limit of the route (20 MB for storage uploads). */
async function tooLarge(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const declared = Number(request.headers['content-length']);
  const drained = declared > DRAIN_MAX_BYTES ? false : await drainBody(request.raw);
  // Fastify asks to close the connection because the body was left unread; once it has been read
  // the connection can stay open like any other.
  if (drained) reply.removeHeader('connection');
  const limitMb = Math.max(1, Math.round((request.routeOptions.bodyLimit ?? 1024 * 1024) / (1024 * 1024)));
  request.log.info({ contentLength: request.headers['content-length'] ?? null, drained }, 'request body too large');
  return reply.code(413).send(fail(ApiCode.INVALID_PARAMS, `上传内容过大，不能超过${limitMb}MB`));
}

export default globalPlugin(async (app) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.httpStatus).send(fail(error.code, error.message, error.data));
    }
    if (error.validation) {
      return reply.code(200).send(fail(ApiCode.INVALID_PARAMS, describeValidation(error.validation)));
    }
    // A save naming an upload the orphan sweep is removing (migration 0170): the creator uploads it again.
    if ((error as { code?: unknown }).code === UPLOAD_REMOVED_SQLSTATE) {
      request.log.info('save refused: it names an upload removed as never used');
      return reply.code(200).send(fail(ApiCode.INVALID_PARAMS, UPLOAD_REMOVED_MESSAGE));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return tooLarge(request, reply);
    if (status === 429) {
      return reply.code(429).send(fail(ApiCode.TOO_MANY_ATTEMPTS, MESSAGES.TOO_MANY_REQUESTS));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type, a body too large: the caller's mistake.
      request.log.info({ err: error }, 'rejected request');
      return reply.code(status).send(fail(ApiCode.INVALID_PARAMS, '请求格式错误'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(ApiCode.SERVER_ERROR, MESSAGES.SERVER_ERROR));
  });
});
