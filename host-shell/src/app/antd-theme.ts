import type { ThemeConfig } from 'antd';

/**
 * The design tokens of the product's one antd theme (colours, sizes). The only place they are set:
 * the runtime reads them as CSS variables and the build's static CSS (scripts/antd-css.ts) is
 * generated with them, so an edit here reaches both.
 */
export const ANTD_TOKENS: ThemeConfig['token'] = {};

/**
 * antd's styles come from a stylesheet generated at build time (zeroRuntime): components render
 * without generating, hashing and inserting their CSS while rendering. Unhashed class names, so the
 * generated rules match whatever renders them; the tokens still reach the page as CSS variables.
 */
export const ANTD_THEME: ThemeConfig = { token: ANTD_TOKENS, hashed: false, zeroRuntime: true };

/**
 * Every antd export the product renders, directly or inside another component (Table's Pagination,
 * Checkbox, Radio, Spin and Empty; Pagination's Select; Popconfirm's Popover and Button; Upload's
 * Progress and Tooltip; Modal's Button; Dropdown's Menu), whose styles the static CSS must carry.
 */
export const ANTD_STYLED_COMPONENTS = [
  'Alert', 'App', 'Avatar', 'Badge', 'Breadcrumb', 'Button', 'Card', 'Checkbox', 'Col', 'DatePicker',
  'Descriptions', 'Divider', 'Drawer', 'Dropdown', 'Empty', 'Flex', 'Form', 'Image', 'Input', 'InputNumber',
  'Layout', 'List', 'Menu', 'Modal', 'Pagination', 'Popconfirm', 'Popover', 'Progress', 'Radio', 'Result',
  'Row', 'Segmented', 'Select', 'Skeleton', 'Space', 'Spin', 'Statistic', 'Table', 'Tabs', 'Tag', 'Tooltip',
  'Typography', 'Upload', 'message', 'notification',
];
