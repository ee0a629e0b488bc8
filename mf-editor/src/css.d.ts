// Stylesheets are bundled by rspack (`css/auto`): `*.module.css` as CSS modules, the rest as is.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
