import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { APP_THEME } from './theme';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/** antd's Chinese texts (and dayjs's) and the product's theme, for whatever antd renders inside. */
export function AntdLocale({ children }: { children?: ReactNode }) {
  return <ConfigProvider locale={zhCN} theme={APP_THEME}>{children}</ConfigProvider>;
}
