import type { ApiError } from './api-error';

export type ErrorNotifier = (error: ApiError) => void;

const consoleNotifier: ErrorNotifier = (error) => console.error(`[api] ${error.message}`, error);

let notifier: ErrorNotifier = consoleNotifier;

/** The host sets this once (to antd's message.error); until then failures only reach the console. */
export function setErrorNotifier(next: ErrorNotifier | null): void {
  notifier = next ?? consoleNotifier;
}

export function notifyError(error: ApiError): void {
  try {
    notifier(error);
  } catch (failure) {
    // A broken notifier must not hide the original failure from the caller.
    console.error('shared-sdk: the error notifier threw', failure);
  }
}
