/**
 * Generates antd's stylesheets for the components the product uses, with the product's theme, before
 * the build (antd renders with `zeroRuntime`, so nothing generates these rules in the browser).
 *
 * One stylesheet per component folder (`src/lib/generated/antd/<folder>.css`, `Col` and `Row` both in
 * `grid.css`), which the build attaches to that folder's style module (antd/es/<folder>/style/*.js,
 * the module every render of the component goes through): a page loads the rules of the components
 * it renders, with their code. The rules that more than one component renders (antd's reset, motion,
 * wave, the compact-item rules Button shares with Input and Space ...) go into `common.css`, which
 * loads with antd's providers.
 *
 * Each component's CSS variables (its tokens under the product's `cssVar.key`, `.css-var-app.ant-btn{…}`)
 * come with its rules, so the page need not compute and insert them as it renders: the variable
 * blocks this extraction produced are checked against `src/lib/antd-css-var-blocks.json`, the list the
 * browser's style cache leaves out (src/lib/antd-style-cache.ts). Run with `--update` to rewrite that
 * list after an antd upgrade or a change to ANTD_STYLED_COMPONENTS. Blocks under any other key (the
 * providers antd nests in a confirm dialog name theirs with React's useId, which differs in the
 * browser) could never match, and are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCache, extractStyle as extractCachedStyle, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import { ANTD_CSS_VAR_KEY, ANTD_STYLED_COMPONENTS, ANTD_THEME } from '../src/lib/antd-theme';
import { cssVarBlockOf } from '../src/lib/antd-style-cache';

const OUT = path.join(import.meta.dirname, '..', 'src', 'lib', 'generated', 'antd');
const CSS_VAR_BLOCKS = path.join(import.meta.dirname, '..', 'src', 'lib', 'antd-css-var-blocks.json');
const ANTD_ES = path.join(import.meta.dirname, '..', 'node_modules', 'antd', 'es');

/** antd's folder of a component's code and style module: `DatePicker` → date-picker; Col and Row → grid. */
function antdStyleFolder(component: string): string {
  if (component === 'Col' || component === 'Row') return 'grid';
  return component.replace(/[A-Z]/g, (letter, at: number) => `${at ? '-' : ''}${letter.toLowerCase()}`);
}

/** The top-level rules of a stylesheet (each `@media`, `@keyframes` ... block whole), in order. */
function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return rules;
}

/**
 * Each extraction ends with a rule that lists the styles it holds (`path:hash;...`), which antd's
 * style engine reads from the page once, from whichever such rule applies last. The lists are merged
 * into one rule in common.css, so the page holds the same list it held with one stylesheet.
 */
const CACHE_PATH_RULE = /^\.data-ant-cssinjs-cache-path\s*\{\s*content:\s*"([^"]*)";?\s*\}$/;
const cachePaths = new Set<string>();

/** A rule that names a `css-var-…` class other than the product's key (a nested provider's). */
const OTHER_CSS_VAR_KEY = new RegExp(`\\.css-var-(?!${ANTD_CSS_VAR_KEY.slice('css-var-'.length)}(?![\\w-]))`);
const cssVarBlocks = new Set<string>();

const rulesOf = new Map<string, string[]>();
for (const component of ANTD_STYLED_COMPONENTS) {
  // The extraction renders into a cache of our own, to read which variable blocks it registered.
  const cache = createCache();
  extractStyle({
    includes: [component],
    customTheme: (node) => createElement(StyleProvider, { cache }, createElement(ConfigProvider, { theme: { ...ANTD_THEME, zeroRuntime: false } }, node)),
  });
  // A component without tokens of its own (Flex, Space, the grid) has an empty block: antd inserts
  // nothing for it, and there is nothing to list.
  for (const [cachePath, [, entry]] of cache.cache) {
    const block = cssVarBlockOf(cachePath);
    if (block && entry[1]) cssVarBlocks.add(block);
  }
  const all = topLevelRules(extractCachedStyle(cache, true));
  const rules = all.filter((rule) => !CACHE_PATH_RULE.test(rule));
  if (all.length - rules.length !== 1) throw new Error(`antd-css: ${component}'s extraction has ${all.length - rules.length} cache-path rules, not one`);
  for (const rule of all) for (const entry of CACHE_PATH_RULE.exec(rule)?.[1]?.split(';') ?? []) cachePaths.add(entry);
  rulesOf.set(
    component,
    rules.filter((rule) => !OTHER_CSS_VAR_KEY.test(rule.slice(0, rule.indexOf('{')))),
  );
}

/** How many components' renders produce each rule. */
const renderedBy = new Map<string, number>();
for (const rules of rulesOf.values()) for (const rule of new Set(rules)) renderedBy.set(rule, (renderedBy.get(rule) ?? 0) + 1);

const common = new Set<string>();
const byFolder = new Map<string, Set<string>>();
for (const [component, rules] of rulesOf) {
  const folder = antdStyleFolder(component);
  if (!fs.existsSync(path.join(ANTD_ES, folder, 'style', 'index.js'))) {
    throw new Error(`antd-css: ${component} has no style module at antd/es/${folder}/style (see antdStyleFolder)`);
  }
  const own = byFolder.get(folder) ?? new Set<string>();
  for (const rule of rules) (renderedBy.get(rule)! > 1 ? common : own).add(rule);
  byFolder.set(folder, own);
}

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const header = '/* Generated by scripts/antd-css.ts: do not edit. */\n';
common.add(`.data-ant-cssinjs-cache-path{content:"${[...cachePaths].join(';')}"}`);
fs.writeFileSync(path.join(OUT, 'common.css'), `${header}${[...common].join('\n')}\n`);
// A folder whose every rule other components render too (Button's) gets no stylesheet of its own.
for (const [folder, rules] of byFolder) if (rules.size) fs.writeFileSync(path.join(OUT, `${folder}.css`), `${header}${[...rules].join('\n')}\n`);

const blocks = [...cssVarBlocks].sort();
const written = [...common, ...[...byFolder.values()].flatMap((rules) => [...rules])].join('\n');
for (const block of blocks) {
  for (const scope of block.split('%')[1]!.split('@@')) {
    if (!new RegExp(`\\.${ANTD_CSS_VAR_KEY}\\.${scope}(?![\\w-])`).test(written)) throw new Error(`antd-css: the variable block ${block} is in no stylesheet`);
  }
}
if (process.argv.includes('--update')) fs.writeFileSync(CSS_VAR_BLOCKS, `${JSON.stringify(blocks, null, 2)}\n`);
else if (JSON.stringify(blocks) !== JSON.stringify(JSON.parse(fs.readFileSync(CSS_VAR_BLOCKS, 'utf8')))) {
  throw new Error(
    `antd-css: the components' CSS-variable blocks are not those src/lib/antd-css-var-blocks.json lists (the browser would leave out blocks the stylesheets lack, or compute ones they carry); run \`node --import tsx scripts/antd-css.ts --update\` in host-shell and commit the list. Extracted: ${blocks.join(', ')}`,
  );
}

const kb = (rules: Iterable<string>) => ([...rules].reduce((sum, rule) => sum + rule.length, 0) / 1024).toFixed(1);
console.info(`antd css: common ${kb(common)} KB, ${byFolder.size} component stylesheets ${kb([...byFolder.values()].flatMap((rules) => [...rules]))} KB`);
