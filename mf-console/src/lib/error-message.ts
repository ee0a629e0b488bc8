/** The message of a failure as a person reads it: an Error's, or a failed RTK Query call's (`{ message }`). */
export function errorMessage(failure: unknown, fallback = '操作失败，请重试'): string {
  if (failure && typeof failure === 'object' && 'message' in failure && typeof failure.message === 'string' && failure.message) return failure.message;
  return fallback;
}
