import { useEffect, useRef, useState } from 'react';
import { setErrorNotifier } from 'shared-sdk';
import { Deferred, lazyScreen } from '../routing/lazy-screen';

type ShowError = (text: string) => unknown;

/** The mounted antd Apps' `message.error`, innermost last. */
const targets: ShowError[] = [];
/** Messages that came while no App was mounted, shown by the first one that mounts. */
let waiting: string[] = [];
let requestHost: (() => void) | null = null;

// antd's providers alone, for the messages of a page that renders no antd (/login).
const ToastHost = lazyScreen(async () => (await import('./antd-providers')).AntdProviders);

function showError(text: string): void {
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

/**
 * Routes the SDK's central error policy to antd's message, once, for the whole page: to the antd App
 * the screens render in; on a page without one (/login), antd's providers load with the first message,
 * so the page's own code carries no antd and a message looks as everywhere else.
 */
export function ErrorToasts() {
  const [host, setHost] = useState(false);
  useEffect(() => {
    setErrorNotifier((error) => showError(error.message));
    requestHost = () => setHost(true);
    return () => {
      setErrorNotifier(null);
      requestHost = null;
    };
  }, []);
  return host ? (
    <Deferred>
      <ToastHost />
    </Deferred>
  ) : null;
}
