/**
 * The one error policy. Refusals (ApiError, validation) answer HTTP 200 with their code, as the
 * clients expect; anything unexpected is logged with its stack and answered with a bare 1500, so
 * internals (SQL, paths) never reach a browser.
 */
import type { FastifyError } from 'fastify';
import { ApiCode, fail } from 'shared-sdk/contract';
import { ApiError, MESSAGES } from '../../lib/api-error';
import { globalPlugin } from '../../lib/global-plugin';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function describeValidation(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return '参数错误';
  if (first.keyword === 'required') return `参数错误：缺少 ${String(first.params.missingProperty)}`;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return field ? `参数错误：${field} 格式不正确` : '参数错误';
}

export default globalPlugin(async (app) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.httpStatus).send(fail(error.code, error.message));
    }
    if (error.validation) {
      return reply.code(200).send(fail(ApiCode.INVALID_PARAMS, describeValidation(error.validation)));
    }
    const status = error.statusCode ?? 500;
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
