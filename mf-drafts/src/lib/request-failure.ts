import { emitSessionEvent, type SdkQueryError } from 'shared-sdk';
import { ApiCode } from 'shared-sdk/contract';

function isSdkQueryError(value: unknown): value is SdkQueryError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'message' in value;
}

/**
 * The text to show for a failed call the screen handles itself, or null when nothing should be
 * shown (the host already reacts to an expired token; a cancelled call is silent). When the server
 * refuses for real-name, the host's dialog opens as if the browser guard had said no.
 */
export function failureText(error: unknown): string | null {
  if (!isSdkQueryError(error)) return '请求错误';
  if (error.kind === 'token-expired' || error.kind === 'canceled') return null;
  if (error.code === ApiCode.CERT_REQUIRED) emitSessionEvent('cert-required', {});
  return error.message;
}
