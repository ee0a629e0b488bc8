import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createAntdStyleCache } from './antd-style-cache';
import { ANTD_THEME } from './antd-theme';
// antd's rules for the product's theme that several components share, generated before the build
// (zeroRuntime: see antd-theme.ts); each component's own rules load with its code (scripts/antd-css.ts).
import './generated/antd/common.css';

dayjs.locale('zh-cn');

const STYLE_CACHE = createAntdStyleCache();

/**
 * antd's Chinese texts (and dayjs's) and the product's theme, for whatever antd renders inside, with a
 * style cache that leaves out the CSS variables the generated stylesheets carry (antd-style-cache.ts).
 */
export function AntdLocale({ children }: { children?: ReactNode }) {
  return (
    <StyleProvider cache={STYLE_CACHE}>
      <ConfigProvider locale={zhCN} theme={ANTD_THEME}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}
