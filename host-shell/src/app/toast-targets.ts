import { useEffect, useRef } from 'react';

type ShowError = (text: string) => unknown;

/** The mounted antd Apps' `message.error`, innermost last. */
const targets: ShowError[] = [];
/** Messages that came while no App was mounted, shown by the first one that mounts. */
let waiting: string[] = [];
let requestHost: (() => void) | null = null;

/**
 * Who to ask for antd's providers when a message comes while none are mounted (error-toasts.tsx);
 * null when no one listens. Kept apart from the providers so they and error-toasts import this,
 * not each other.
 */
export function setToastHostRequest(request: (() => void) | null): void {
  requestHost = request;
}

/** To the innermost mounted App, else kept until one mounts (and one is asked for). */
export function showError(text: string): void {
  const target = targets.at(-1);
  if (target) {
    void target(text);
    return;
  }
  waiting.push(text);
  requestHost?.();
}

/** While the calling component is mounted, the SDK's error messages go to `show` (an antd App's message.error). */
export function useToastTarget(show: ShowError): void {
  const current = useRef(show);
  useEffect(() => {
    current.current = show;
  });
  useEffect(() => {
    // One entry for the whole mount, so the order of nested Apps stays the order they mounted in.
    const target: ShowError = (text) => current.current(text);
    targets.push(target);
    const queued = waiting;
    waiting = [];
    for (const text of queued) void target(text);
    return () => {
      targets.splice(targets.indexOf(target), 1);
    };
  }, []);
}
