import { ApiCode } from '../contract';
import { emitSessionEvent } from '../session/events';
import type { SdkQueryError } from './base-query';

/** Whether a query's or mutation's error is the SDK's own (anything else is a bug of the screen). */
export function isSdkQueryError(value: unknown): value is SdkQueryError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;
}

/**
 * The text a screen shows for a failed call it handles itself (`skipErrorHandler`), or null when it
 * shows nothing: the host already reacts to an expired token, and a cancelled call was wanted. When
 * the server refuses for want of real-name verification, the host's dialog opens, as when the
 * browser's own guard says no.
 */
export function failureText(error: unknown): string | null {
  if (!isSdkQueryError(error)) return '请求错误';
  if (error.kind === 'token-expired' || error.kind === 'canceled') return null;
  if (error.code === ApiCode.CERT_REQUIRED) emitSessionEvent('cert-required', {});
  return error.message;
}

/** The server's business code of a failed call, if it answered one. */
export function failureCode(error: unknown): number | undefined {
  return isSdkQueryError(error) ? error.code : undefined;
}
