// Stylesheets are bundled by rspack (`css/auto`): `*.module.css` as CSS modules whose classes are
// named exports (`import * as styles`), the rest as is.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export = classes;
}
declare module '*.css';
