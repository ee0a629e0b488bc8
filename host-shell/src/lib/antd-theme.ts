import type { ThemeConfig } from 'antd';
import { APP_THEME } from './theme';

/**
 * The product's theme (theme.ts: its tokens are set there and only there) as antd renders it: antd's
 * styles come from a stylesheet generated at build time with this theme (scripts/antd-css.ts), so
 * components render without generating, hashing and inserting their CSS (zeroRuntime). Unhashed
 * class names, so the generated rules match whatever renders them; the runtime still sets the
 * tokens as CSS variables, which the generated rules read.
 */
export const ANTD_THEME: ThemeConfig = { ...APP_THEME, hashed: false, zeroRuntime: true };

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
