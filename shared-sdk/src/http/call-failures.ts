/**
 * Calls that failed on the server's or the network's side (a 5xx, or no answer at all), told to
 * whoever listens: the host counts them against the screen that made them (its error reports).
 * A refusal the server meant (a business code, 4xx) is the caller's business and is not told.
 */
import type { ApiError } from './api-error';
import type { HttpMethod } from './params';

export interface CallFailure {
  /** The call's path, without its query. */
  path: string;
  method: HttpMethod;
  /** The HTTP status, or undefined when nothing answered. */
  status: number | undefined;
  /** The answer's `x-request-id` as it came (none for a call nothing answered). */
  requestId?: string;
}

type Listener = (failure: CallFailure) => void;
const listeners = new Set<Listener>();

/** Listen for failed calls; returns the unsubscribe. */
export function onCallFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tellCallFailure(error: ApiError, path: string, method: HttpMethod): void {
  const failed = error.kind === 'network' || (error.kind === 'http' && (error.status ?? 0) >= 500);
  if (!failed) return;
  const failure: CallFailure = { path: path.split('?')[0] ?? path, method, status: error.status, requestId: error.requestId };
  for (const listener of listeners) {
    try {
      listener(failure);
    } catch (problem) {
      console.error('shared-sdk: a call-failure listener threw', problem);
    }
  }
}
