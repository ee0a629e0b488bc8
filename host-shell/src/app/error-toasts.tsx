import { useEffect, useState } from 'react';
import { setErrorNotifier } from 'shared-sdk';
import { Deferred, lazyScreen } from '../lib/lazy-screen';
import { setToastHostRequest, showError } from './toast-targets';

// antd's providers alone, for the messages of a page that renders no antd (/login).
const ToastHost = lazyScreen(async () => (await import('./antd-providers')).AntdProviders);

/**
 * Routes the SDK's central error policy to antd's message, once, for the whole page: to the antd App
 * the screens render in; on a page without one (/login), antd's providers load with the first message,
 * so the page's own code carries no antd and a message looks as everywhere else.
 */
export function ErrorToasts() {
  const [host, setHost] = useState(false);
  useEffect(() => {
    setErrorNotifier((error) => showError(error.message));
    setToastHostRequest(() => setHost(true));
    return () => {
      setErrorNotifier(null);
      setToastHostRequest(null);
    };
  }, []);
  return host ? (
    <Deferred>
      <ToastHost />
    </Deferred>
  ) : null;
}
