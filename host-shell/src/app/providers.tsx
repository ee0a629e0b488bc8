import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from 'shared-sdk';
import { ErrorToasts } from './error-toasts';

/**
 * Around the whole page: the store, and the SDK's error messages. No antd here: antd's providers
 * wrap the screens that use antd (app/antd-providers.tsx), so /login loads none of it.
 */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ErrorToasts />
      {children}
    </Provider>
  );
}
