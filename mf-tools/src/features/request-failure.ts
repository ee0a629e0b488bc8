import type { SdkQueryError } from 'shared-sdk';

function isSdkQueryError(value: unknown): value is SdkQueryError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;
}

/** The message of a failed call the screen shows itself; null when the host already reacts (expired token, cancelled). */
export function failureText(error: unknown): string | null {
  if (!isSdkQueryError(error)) return '请求错误';
  if (error.kind === 'token-expired' || error.kind === 'canceled') return null;
  return error.message;
}

export function failureCode(error: unknown): number | undefined {
  return isSdkQueryError(error) ? error.code : undefined;
}
