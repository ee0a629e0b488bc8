import type { ThemeConfig } from 'antd';
import { ANTD_CSS_VAR_KEY } from './antd-css-var-key';
import { APP_THEME } from './theme';

export { ANTD_CSS_VAR_KEY };

/**
 * The product's theme (theme.ts: its tokens are set there and only there) as antd renders it: antd's
 * styles come from a stylesheet generated at build time with this theme (scripts/antd-css.ts), so
 * components render without generating, hashing and inserting their CSS (zeroRuntime). Unhashed
 * class names, so the generated rules match whatever renders them. The stylesheets carry the
 * components' CSS variables too, which the page's style cache leaves out (antd-style-cache.ts); the
 * runtime still sets the theme's global tokens.
 */
export const ANTD_THEME: ThemeConfig = { ...APP_THEME, hashed: false, zeroRuntime: true, cssVar: { key: ANTD_CSS_VAR_KEY } };

/**
 * Every antd export the product renders, directly or inside another component (Table's Pagination,
 * Checkbox, Radio, Spin and Empty; Pagination's Select; Popconfirm's Popover and Button; Upload's
 * Progress and Tooltip; Modal's Button; Dropdown's Menu), whose styles the static CSS must carry.
 */
export const ANTD_STYLED_COMPONENTS = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Breadcrumb',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Image',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
  'Upload',
  'message',
  'notification',
];
