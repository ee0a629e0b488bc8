// Attaches each antd component's generated stylesheet to the component's style module.
import fs from 'node:fs';
import path from 'node:path';

/** antd's style modules: antd/es/<folder>/style/<file>.js, the module every render of a component goes through. */
export const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/][^\\/]+\.js$/;

/** A stylesheet the host generates for one antd folder (host-shell/src/lib/generated/antd/<folder>.css). */
export const GENERATED_ANTD_STYLESHEET = /[\\/]generated[\\/]antd[\\/]([a-z-]+)\.css$/;

/**
 * The import a style module of antd/es/<folder> gains: the host's generated `<folder>.css`
 * (host-shell/scripts/antd-css.ts), when the product uses that component. antd renders with
 * `zeroRuntime`, so its style hooks insert nothing; this import makes the component's rules load with
 * its code, in the same chunk, instead of every component's rules in one stylesheet on every page.
 * @param {string} resource the style module's path
 * @param {string} stylesDir the folder of the generated stylesheets
 * @returns {string | null} the stylesheet's path, or null when the product has none for that folder
 */
export function antdStylesheetFor(resource, stylesDir) {
  const folder = ANTD_STYLE_MODULE.exec(resource)?.[1];
  if (!folder) return null;
  const stylesheet = path.join(stylesDir, `${folder}.css`);
  return fs.existsSync(stylesheet) ? stylesheet : null;
}

/**
 * @this {Pick<import('@rspack/core').LoaderContext<{ stylesDir: string }>, 'resourcePath' | 'getOptions' | 'addDependency'>}
 * @param {string} source
 */
export default function antdStyleLoader(source) {
  const stylesheet = antdStylesheetFor(this.resourcePath, this.getOptions().stylesDir);
  if (!stylesheet) return source;
  this.addDependency(stylesheet);
  return `import ${JSON.stringify(stylesheet)};\n${source}`;
}
