import { useContext, type ReactNode } from 'react';
import AppContext from 'antd/es/app/context';
import { AntdLocale } from '../lib/antd-locale';
import { useToastTarget } from './toast-targets';
import { LazyApp } from './lazy-app';

/** Sends the SDK's error messages to this App's message while it is mounted. */
function ErrorNotifierBridge() {
  const { message } = useContext(AppContext);
  useToastTarget(message.error);
  return null;
}

/**
 * antd's providers (Chinese locale, the App context with its message), loaded on first use: every
 * screen but /login renders inside them (routing/build-routes.tsx), so /login loads no antd at all.
 * The App's message, notification and modal load with their first use (lazy-app.tsx).
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  return (
    <AntdLocale>
      <LazyApp>
        <ErrorNotifierBridge />
        {children}
      </LazyApp>
    </AntdLocale>
  );
}
