import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Provider } from 'react-redux';
import { setErrorNotifier, type AppStore } from 'shared-sdk';

dayjs.locale('zh-cn');

/** Routes the SDK's central error policy to antd's message, once, for the whole page. */
function ErrorNotifierBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setErrorNotifier((error) => void message.error(error.message));
    return () => setErrorNotifier(null);
  }, [message]);
  return null;
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <ErrorNotifierBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </Provider>
  );
}
