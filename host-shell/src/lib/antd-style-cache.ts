import { createCache } from '@ant-design/cssinjs';
import GENERATED_CSS_VAR_BLOCKS from './antd-css-var-blocks.json';
import { ANTD_CSS_VAR_KEY } from './antd-theme';

/**
 * antd's style cache for the product's providers, without the components' CSS-variable blocks that
 * the generated stylesheets already carry.
 *
 * zeroRuntime stops antd generating a component's rules as it renders, not its variables: the first
 * render of each component type still computes that component's tokens from the theme, serializes
 * them as `.css-var-app.ant-btn{--ant-button-…}` and inserts a `<style>` (80–100 ms of a cold
 * /scriptWrite load at 2× CPU, measured in CPU profiles). scripts/antd-css.ts extracts the same blocks
 * for the product's theme into the stylesheets that load with each component, and lists them in
 * antd-css-var-blocks.json (the build fails if the list and the extraction differ).
 *
 * antd keeps each block in its style cache under `cssVar%<component>%<key>%<scope>%<token hash>` and
 * computes it only when the entry is missing. This cache answers a listed block's first lookup with an
 * empty block, which antd neither computes nor inserts; a block not listed (another key, as a confirm
 * dialog's own provider has, or a scope the extraction did not render) is computed as before.
 */

/** The `<component>%<scope>` of a cache path that is a variable block under the product's key. */
export function cssVarBlockOf(cachePath: string): string | undefined {
  const [prefix, component, key, scope] = cachePath.split('%');
  return prefix === 'cssVar' && key === ANTD_CSS_VAR_KEY ? `${component}%${scope}` : undefined;
}

/** antd's entry for a block it need not insert: [times mounted, [token, css text, style id, key]]. */
const CARRIED_BY_STYLESHEET = [{}, '', 'antd-generated', ANTD_CSS_VAR_KEY];

/**
 * A cache for antd's StyleProvider that leaves out the `generated` blocks (by default the list the
 * stylesheet generator wrote; the tests pass others). Every other entry behaves as antd's own cache.
 */
export function createAntdStyleCache(generated: readonly string[] = GENERATED_CSS_VAR_BLOCKS) {
  const carried = new Set(generated);
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (cachePath, valueFn) => {
    if (!cache.opGet(cachePath)) {
      const block = cssVarBlockOf(cachePath);
      if (block && carried.has(block)) update(cachePath, () => [0, CARRIED_BY_STYLESHEET]);
    }
    update(cachePath, valueFn);
  };
  return cache;
}
