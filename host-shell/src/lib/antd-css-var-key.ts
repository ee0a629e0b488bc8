/**
 * The class antd gives every component under the product's theme, which scopes the theme's CSS
 * variables (`.css-var-app.ant-btn{--ant-button-…}`). Set, not left to antd: antd would name it with
 * React's useId, which names a render on the server (the stylesheet generator's) differently from one
 * in the browser, so the generated variable blocks would match nothing. In a module of its own (antd-theme.ts
 * re-exports it): the sidebar draws antd's menu markup with it and needs nothing else of the theme.
 */
export const ANTD_CSS_VAR_KEY = 'css-var-app';
