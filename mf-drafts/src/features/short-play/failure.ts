import { ApiCode, type SdkQueryError } from 'shared-sdk';

const isSdkQueryError = (value: unknown): value is SdkQueryError => typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;

/** The server refused for want of the short-drama authority. */
export const lacksAuthority = (error: unknown): boolean => isSdkQueryError(error) && error.code === ApiCode.FORBIDDEN;

export function failureMessage(error: unknown): string | null {
  if (!isSdkQueryError(error)) return '请求错误';
  if (error.kind === 'token-expired' || error.kind === 'canceled') return null;
  return error.message;
}
