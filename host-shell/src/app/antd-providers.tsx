import type { ReactNode } from 'react';
import { App as AntdApp } from 'antd';
import { AntdLocale } from './antd-locale';
import { useToastTarget } from './error-toasts';

/** Sends the SDK's error messages to this antd App's message while it is mounted. */
function ErrorNotifierBridge() {
  const { message } = AntdApp.useApp();
  useToastTarget(message.error);
  return null;
}

/**
 * antd's providers (Chinese locale, App with its message), loaded on first use: every screen but
 * /login renders inside them (routing/build-routes.tsx), so /login loads no antd at all.
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  return (
    <AntdLocale>
      <AntdApp>
        <ErrorNotifierBridge />
        {children}
      </AntdApp>
    </AntdLocale>
  );
}
