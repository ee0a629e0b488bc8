import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { savedSession, type SessionState, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';
import CSS_VAR_BLOCKS from '../../host-shell/src/lib/antd-css-var-blocks.json';
import { ANTD_CSS_VAR_KEY as CSS_VAR_KEY } from '../../host-shell/src/lib/antd-theme';

/**
 * antd's rules load per component: the build attaches each component's generated stylesheet to its
 * style module (build-tools/src/antd-style-loader.js), so a screen loads the rules of the components
 * it renders, with their code, and no others. A component whose rules did not come with it would
 * render unstyled: every antd block on each screen must find its rules in the page's stylesheets.
 *
 * The same stylesheets carry each component's CSS variables under the product's key, which antd
 * then leaves out of the page (host-shell/src/lib/antd-style-cache.ts): a component whose variables
 * did not come with it would render unpadded, unsized. Every variable block the components on a
 * screen use must be in its stylesheets, and antd must have inserted none but the theme's tokens.
 */

/** Every selector of the page's stylesheets, @media and @layer blocks included. */
async function selectorsOf(page: Page): Promise<string[]> {
  // No named functions inside: the test's compiler would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const selectors: string[] = [];
    const pending: CSSRule[] = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
    for (let rule = pending.pop(); rule; rule = pending.pop()) {
      if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
      if ('cssRules' in rule) pending.push(...Array.from((rule as CSSGroupingRule).cssRules));
    }
    return selectors;
  });
}

/** The antd blocks the page renders: the components' own root classes (`ant-tabs`, `ant-btn` ...). */
async function antdBlocksOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const blocks = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="ant-"]')))
      for (const name of Array.from(element.classList)) if (/^ant-[a-z]+$/.test(name)) blocks.add(name);
    return [...blocks].sort();
  });
}

/**
 * The variable blocks the screen's components use (by the classes they render: `ant-btn`,
 * `ant-tabs-css-var` ...) that its stylesheets lack, and the selectors of the variable `<style>`s antd
 * inserted as it rendered.
 */
async function cssVariablesOf(page: Page, selectors: string): Promise<{ missing: string[]; inserted: string[] }> {
  const scopes = CSS_VAR_BLOCKS.map((block) => block.split('%')[1]!.split('@@'));
  const rendered = await page.evaluate(([key, scopes]) => scopes.filter((classes) => classes.some((name) => document.querySelector(`.${key}.${name}`))), [
    CSS_VAR_KEY,
    scopes,
  ] as const);
  const missing = rendered.flat().filter((name) => !new RegExp(`\\.${CSS_VAR_KEY}\\.${name}(?![\\w-])`).test(selectors));
  const inserted = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style[data-token-hash]')).map((style) => (style.textContent ?? '').split('{')[0]!),
  );
  return { missing, inserted };
}

/** Whether a selector names the class itself (`.ant-tabs`, not only `.ant-tabs-dropdown`). */
const names = (selectors: string, block: string) => new RegExp(`\\.${block}(?![\\w-])`).test(selectors);

const SCREENS: { path: string; shown: (page: Page) => Promise<void> }[] = [
  // Shown with its sidebar, which draws only once the 短剧 check has answered: waited for, so the blocks counted include it.
  {
    path: '/index',
    shown: async (page) => {
      await page.getByTestId('notice-bell').waitFor();
      await page.locator('.ant-layout-sider .ant-menu-root').waitFor();
    },
  },
  { path: '/draft', shown: (page) => page.getByTestId('draft-item').first().waitFor() },
  { path: '/material/0', shown: (page) => page.locator('.ant-pagination').first().waitFor() },
  { path: '/personalScript', shown: (page) => page.locator('.ant-tabs').first().waitFor() },
  { path: '/scriptWrite', shown: (page) => page.locator('form').first().waitFor() },
  { path: '/rank', shown: (page) => page.locator('.ant-tabs').first().waitFor() },
  { path: '/user', shown: (page) => page.locator('.ant-descriptions').first().waitFor() },
];

describe("antd's stylesheets, per component", () => {
  const harness = useBrowser();
  let session: SessionState;
  before(async () => {
    session = await savedSession(harness.browser, baseUrl);
  });

  for (const screen of SCREENS) {
    it(`${screen.path}: every antd block it renders has its rules and its variables in the page`, async () => {
      const page = await (await harness.newContext({ storageState: session })).newPage();
      await page.goto(`${baseUrl}${screen.path}`);
      await screen.shown(page);
      await page.waitForLoadState('networkidle');
      const blocks = await antdBlocksOf(page);
      assert.ok(blocks.length > 3, `antd blocks on ${screen.path}: ${blocks.join(', ')}`);
      const selectors = (await selectorsOf(page)).join('\n');
      const unstyled = blocks.filter((block) => !names(selectors, block));
      assert.deepEqual(unstyled, [], `antd blocks on ${screen.path} with no rule in the page's stylesheets`);

      const variables = await cssVariablesOf(page, selectors);
      assert.deepEqual(variables.missing, [], `variable blocks used on ${screen.path} missing from the page's stylesheets`);
      assert.deepEqual(variables.inserted, [`.${CSS_VAR_KEY}`], `variable blocks antd inserted on ${screen.path}`);
    });
  }

  it("/index loads no rules of the components only other screens render, /draft loads its tabs' with them", async () => {
    const context = await harness.newContext({ storageState: session });
    const home = await context.newPage();
    await home.goto(`${baseUrl}/index`);
    await home.getByTestId('notice-bell').waitFor();
    await home.waitForLoadState('networkidle');
    const homeSelectors = (await selectorsOf(home)).join('\n');
    for (const block of ['ant-table', 'ant-picker', 'ant-upload', 'ant-tabs', 'ant-modal'])
      assert.ok(!names(homeSelectors, block), `/index loaded ${block}'s rules`);
    assert.ok(names(homeSelectors, 'ant-menu'), "/index has the menu's rules");

    await home.goto(`${baseUrl}/draft`);
    await home.getByTestId('draft-item').first().waitFor();
    assert.ok(names((await selectorsOf(home)).join('\n'), 'ant-tabs'), "/draft has the tabs' rules");
  });
});
