/**
 * A refusal with an answer code of the contract. Handlers and hooks throw it; the one error handler
 * turns it into `{code, msg, data}` with HTTP 200, because clients read the code, not the status
 * (`data`: null, or what the call's contract declares as its `refusal`).
 */
import { ApiCode } from 'shared-sdk/contract';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** The refusal's `data` (declared as the call's `refusal` in the contract); null for most. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const MESSAGES = {
  TOKEN_EXPIRED: '登录已过期，请重新登录',
  NOT_FOUND: '接口不存在',
  SERVER_ERROR: '服务器内部错误',
  TOO_MANY_REQUESTS: '请求过于频繁，请稍后再试',
  CERT_REQUIRED: '请完成实名认证',
  BANNED: '账号已被封禁，暂不能进行此操作',
} as const;

export const tokenExpired = (): ApiError => new ApiError(ApiCode.TOKEN_EXPIRED, MESSAGES.TOKEN_EXPIRED);

export const invalid = (message: string): ApiError => new ApiError(ApiCode.INVALID_PARAMS, message);
export const forbidden = (message: string): ApiError => new ApiError(ApiCode.FORBIDDEN, message);
export const notFound = (message: string): ApiError => new ApiError(ApiCode.NOT_FOUND, message);
export const conflict = (message: string): ApiError => new ApiError(ApiCode.CONFLICT, message);
