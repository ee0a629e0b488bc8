import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { ANTD_THEME } from './antd-theme';
// antd's rules for the product's theme that several components share, generated before the build
// (zeroRuntime: see antd-theme.ts); each component's own rules load with its code (scripts/antd-css.ts).
import './generated/antd/common.css';

dayjs.locale('zh-cn');

/** antd's Chinese texts (and dayjs's) and the product's theme, for whatever antd renders inside. */
export function AntdLocale({ children }: { children?: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={ANTD_THEME}>
      {children}
    </ConfigProvider>
  );
}
