/**
 * What each entry page downloads before it is usable, in headless Chromium against the built product
 * started as `npm start` does: the gzip size (level 9, computed here, so the figure does not depend on
 * how the server compressed) of every JavaScript file the page loaded, the same for its stylesheets,
 * and how many copies of each shared singleton the page ended up with. Deterministic: the same build loads the same files.
 *
 *   pnpm --filter bench byte-budget     exits 1 when a page is over its budget or a singleton is doubled
 *
 * Also used by `npm run bench` (src/run-all.ts), which prints the same table.
 */
import { gzipSync } from 'node:zlib';
// The browser types come from the end-to-end helpers (playwright-core is their dependency).
import { ACCOUNTS, type Browser, COUNT_REACT_RENDERERS, launchBrowser, login, type Page, type SessionState } from '../../e2e/support/browser';

/**
 * The goals in KB of gzip (ARCHITECTURE, performance budget), and the ceilings the check enforces
 * today: the figures measured after the first round of cuts plus 2 %, so any growth fails while the
 * rest of the way to the goal is done. Lower a ceiling whenever a change lowers the figure.
 * /index was re-based once (668.5 KB + 2 %) when the home page gained the creation-score card that
 * docs/product.md §2 puts there. Lowered to 496.5 / 558.2 / 604.5 KB + 2 % when common code stopped being
 * copied into every lazy chunk and the remotes stopped shipping their own federation runtime;
 * /login to 471.7 KB + 2 % when its box stopped pulling antd's Card (and Tabs, Menu, Dropdown); all
 * three to 451.4 / 544.0 / 585.8 KB + 2 % when shared-sdk's antd pieces moved to `shared-sdk/ui`;
 * to 408.4 / 504.2 / 545.9 KB + 2 % when React Router became shared as the tree-shaken
 * `shared-sdk/router` and the remote-screen spinner and error panel began loading on first use;
 * /login to 374.4 KB + 2 % when its two fields stopped using antd's Form (validator, grid, tooltips)
 * and its warnings began loading only when shown; to 226.1 KB + 2 % when it stopped loading antd and
 * the icons at all (antd's providers wrap every other route; the login box is plain elements).
 * All three to 222.7 / 347.5 / 490.6 KB + 2 % when antd's internals were declared free of side
 * effects and grouped (icons, antd's shared base and common code, one chunk each), the home page and
 * header drew their cards, list, bars, spinner, headings and avatar as plain elements, and antd's
 * App context began loading message, notification and modal on first use. /draft to 476.7 KB + 2 %
 * when remotes took shared-sdk/contract from the host and kept small shared code in each screen's chunk.
 * /index and /draft to 344.4 / 466.4 KB + 2 % when antd's shell parts, the parts nearly every remote
 * screen takes and the form controls became one chunk each (fewer files, less wrapper code).
 * /login to 228 KB (measured 227.5) when shared-sdk, which every page loads whole as the shared
 * singleton, took in the request-failure and query-result helpers the remotes had copied, and the
 * host began attributing field vitals to the remote screen on show: to be won back (the
 * ordinary-computer performance work). The attribution (which screen was on show when, one vital of
 * each name) moved into the vitals chunk loaded later with web-vitals (-0.2 KB), but the host's
 * entry took in the runtime plugin that registers shares when first asked for (+0.4 KB): /login
 * measured 227.7 KB, the ceiling stays 228. /login to 230 KB (measured 229.3) when the browser's calls
 * began to be named by their contract declaration (shared-sdk's callApi/routeQuery and the route
 * table's entries the SDK itself uses): the 1.3 KB over the old ceiling are owed to the
 * ordinary-computer performance work. All three to 228 / 349 / 472 KB (measured 227.4 / 348.6 /
 * 471.8, from 229.6 / 350.8 / 473.7) when the host stopped consuming the modules only it provides
 * (antd's components, shared-sdk/router and /contract) through the federation runtime: a smaller
 * entry, and antd's common chunk regrouped. /index and /draft to 349.5 / 472.5 KB (measured 349.3 /
 * 472.4) when antd's rules began loading per component (CSS_BUDGETS_KB): the entry's table of
 * stylesheet chunks grew by 28 names (+0.5 KB), and the pages' stylesheets shrank by 55.4 and
 * 21.4 KB, so each page's bytes on the wire fell (/index 430.0 → 375.2 KB, /draft 551.9 → 531.0).
 * /login to 228.2 KB (measured 228.0) when shared-sdk began keeping a guard's dialog request that
 * nobody heard yet for the host's dialogs (session/events.ts).
 * All three to 223.2 / 344.6 / 467.4 KB (measured 223.0 / 344.4 / 467.2) when the host's start-up
 * modules (React, its DOM renderer, the router, Redux Toolkit, axios, the SDK) became one file instead
 * of twelve (FILES_BUDGETS): one file compresses better than twelve.
 * /draft to 465.8 KB (measured 465.6) when the small antd parts every remote screen takes with antd's
 * App and Pagination (the dialog, the pager, three one-function modules) joined the chunks that import
 * them (/draft 30 → 26 files).
 * /index and /draft to 345.5 / 466.8 KB (measured 345.3 / 466.6) when antd's style cache began leaving
 * out the components' CSS variables the generated stylesheets carry (host-shell/src/lib/antd-style-cache.ts):
 * its list of those blocks and the StyleProvider are +0.8 KB, for 30-50 ms less TBT on /scriptWrite
 * and /draft (bench/RESULTS.md).
 * /index and /draft to 346.1 / 467.4 KB (measured 345.9 / 467.2) when the sidebar began drawing antd's
 * menu markup itself (host-shell/src/layout/side-menu.tsx, with its keyboard handling): +0.9 KB, while
 * antd's Menu stays on the page for the header's dropdowns; the frame the sidebar appears in is about
 * 130 ms shorter at 2x CPU (bench/RESULTS.md, 2026-12-02, morning).
 * /index and /draft to 330.0 / 459.5 KB (measured 329.5 / 459.0, from 345.9 / 467.2) when the header's
 * 内容创作 and user menus became menu buttons of the shell's own (host-shell/src/layout/header-menu.tsx)
 * and antd's Menu and Dropdown left the shell's chunk: the shell's pages no longer load them, and
 * /draft loads only the rc-component menu its Tabs' overflow draws with.
 */
export const GOALS_KB: Record<string, number | undefined> = { '/login': 250, '/index': 350 };
export const BUDGETS_KB: Record<string, number | undefined> = { '/login': 223.2, '/index': 330.0, '/draft': 459.5 };

/**
 * The ceilings on how many JavaScript files each page loads: each is a script element, a request and a
 * task when it arrives, 1-2 ms of the main thread each on an ordinary computer before any of its code
 * runs (bench/RESULTS.md, "2026-11-30, late night: one start-up file"). Set when the host's start-up modules
 * became one file (`hostStart` in build-tools/src/rspack.js): /login 15 → 4, /index 28 → 17,
 * /draft 42 → 30; /draft to 26 when antd's dialog, pager and three one-function modules joined the
 * chunks that import them (antdBase, antdScreens). A change that adds a file to a page raises its ceiling on purpose, or finds a home
 * for the code in a file the page already loads.
 */
export const FILES_BUDGETS: Record<string, number | undefined> = { '/login': 4, '/index': 17, '/draft': 26 };

/**
 * The ceilings on each page's stylesheets, KB of gzip: measured when antd's rules began loading per
 * component with the components' code (host-shell/scripts/antd-css.ts) instead of one stylesheet of
 * every component the product uses on every page behind the login (before: /index 81.3 KB in 5
 * files, /draft 80.0 KB in 4; after: 25.9 KB in 8, 58.6 KB in 14). /login loads none of antd's.
 */
export const CSS_BUDGETS_KB: Record<string, number | undefined> = { '/login': 1.2, '/index': 26, '/draft': 59 };

export interface PageLoad {
  page: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** The page's stylesheets: how many, and their gzip bytes. */
  stylesheets: number;
  cssGzipBytes: number;
  /**
   * Copies of each shared singleton the federation runtime loaded (react-dom also by renderer count,
   * React Router, shared as `shared-sdk/router`, also by the files that carry its core).
   */
  copies: Record<string, number>;
  largest: { url: string; gzipBytes: number }[];
  /** Every JavaScript file's path, in the order of their sizes. */
  urls: string[];
}

/**
 * Reads the federation share scope: every instance (host, each remote) sees the same providers, so a
 * copy is one distinct version@provider that actually loaded.
 */
const COUNT_SHARED = `(() => {
  const counts = {};
  const share = (globalThis.__FEDERATION__ && globalThis.__FEDERATION__.__SHARE__) || {};
  for (const instance of Object.values(share)) {
    for (const scope of Object.values(instance)) {
      for (const [pkg, versions] of Object.entries(scope)) {
        for (const [version, provider] of Object.entries(versions)) {
          if (provider && provider.loaded) (counts[pkg] = counts[pkg] || new Set()).add(version + '@' + provider.from);
        }
      }
    }
  }
  const sizes = Object.fromEntries(Object.entries(counts).map(([pkg, set]) => [pkg, set.size]));
  const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  sizes['react-dom (renderers)'] = hook && hook.renderers ? hook.renderers.size : 0;
  return sizes;
})()`;

/** A text of react-router's core module (its hooks' error), so each file carrying a copy is found. */
const ROUTER_MARKER = 'may be used only in the context of a <Router> component';
const ROUTER_BUNDLED = 'react-router (files with its core)';

async function measure(page: Page, name: string, open: () => Promise<void>): Promise<PageLoad> {
  const scripts = new Map<string, Buffer>();
  const stylesheets = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (response.status() !== 200) return;
    const css = response.request().resourceType() === 'stylesheet' || /\.css(\?|$)/.test(url);
    if (!css && response.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
    pending.push(
      response
        .body()
        .then((body) => void (css ? stylesheets : scripts).set(url, body))
        .catch(() => undefined),
    );
  });
  await open();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const copies = (await page.evaluate(COUNT_SHARED)) as Record<string, number>;
  // React Router is shared as `shared-sdk/router`; its core module bundled into any other file (an
  // import of react-router-dom that bypasses it) would be a second router the share scope never sees.
  copies[ROUTER_BUNDLED] = [...scripts.values()].filter((body) => body.includes(ROUTER_MARKER)).length;
  const sized = [...scripts].map(([url, body]) => ({ url: new URL(url).pathname, raw: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }));
  sized.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    page: name,
    files: sized.length,
    rawBytes: sized.reduce((sum, file) => sum + file.raw, 0),
    gzipBytes: sized.reduce((sum, file) => sum + file.gzipBytes, 0),
    stylesheets: stylesheets.size,
    cssGzipBytes: [...stylesheets.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    copies,
    largest: sized.slice(0, 5).map(({ url, gzipBytes }) => ({ url, gzipBytes })),
    urls: sized.map(({ url }) => url),
  };
}

/** A fresh context with the HTTP cache off, so every page is a cold first load. */
async function coldPage(browser: Browser, storageState?: SessionState): Promise<Page> {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  await page.addInitScript(COUNT_REACT_RENDERERS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

/** /login anonymous; /index and one remote screen as a logged-in creator, each as a cold load. */
export async function measureFirstLoads(baseUrl: string): Promise<PageLoad[]> {
  const browser = await launchBrowser();
  try {
    const anonymous = await coldPage(browser);
    const loginLoad = await measure(anonymous, '/login', async () => {
      await anonymous.goto(`${baseUrl}/login`);
      await anonymous.getByPlaceholder('手机号').waitFor();
    });
    await login(anonymous, baseUrl, ACCOUNTS.verified);
    await anonymous.waitForURL(/\/index$/);
    await anonymous.waitForLoadState('networkidle');
    const session = await anonymous.context().storageState();
    await anonymous.context().close();

    const results = [loginLoad];
    // /index: the shell; /draft: a remote screen on top of it (the remote's own code only).
    for (const [name, ready] of [
      ['/index', '.ant-layout-sider'],
      ['/draft', '[data-testid=draft-item]'],
    ] as const) {
      const page = await coldPage(browser, session);
      results.push(
        await measure(page, name, async () => {
          await page.goto(`${baseUrl}${name}`);
          await page.locator(ready).first().waitFor();
        }),
      );
      await page.context().close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Prints the table; returns the problems (over budget, doubled singletons). */
export function report(loads: PageLoad[]): string[] {
  const problems: string[] = [];
  console.info('page        files (ceiling)   raw KB   gzip KB   ceiling KB   goal KB   | CSS files   gzip KB   ceiling KB');
  for (const load of loads) {
    const budget = BUDGETS_KB[load.page];
    const goal = GOALS_KB[load.page];
    const cssBudget = CSS_BUDGETS_KB[load.page];
    const met = goal === undefined ? '' : load.gzipBytes <= goal * 1024 ? '  (goal met)' : '  (goal not met yet)';
    console.info(
      `${load.page.padEnd(10)} ${String(load.files).padStart(6)} ${`(${FILES_BUDGETS[load.page] ?? '-'})`.padStart(10)} ${kb(load.rawBytes).padStart(8)} ${kb(load.gzipBytes).padStart(9)} ${String(budget ?? '-').padStart(12)} ${String(goal ?? '-').padStart(9)}   | ${String(load.stylesheets).padStart(9)} ${kb(load.cssGzipBytes).padStart(9)} ${String(cssBudget ?? '-').padStart(12)}${met}`,
    );
    for (const file of load.largest) console.info(`             ${kb(file.gzipBytes).padStart(7)} KB  ${file.url}`);
    if (budget !== undefined && load.gzipBytes > budget * 1024) problems.push(`${load.page}: ${kb(load.gzipBytes)} KB gzip of JS, budget ${budget} KB`);
    const filesBudget = FILES_BUDGETS[load.page];
    if (filesBudget !== undefined && load.files > filesBudget)
      problems.push(`${load.page}: ${load.files} JavaScript files, ceiling ${filesBudget} (${load.urls.join(', ')})`);
    if (cssBudget !== undefined && load.cssGzipBytes > cssBudget * 1024)
      problems.push(`${load.page}: ${kb(load.cssGzipBytes)} KB gzip of CSS, budget ${cssBudget} KB`);
    const copies = Object.entries(load.copies).sort(([a], [b]) => a.localeCompare(b));
    // Components and icons are shared one by one: list the packages, and the parts only by count.
    const whole = copies.filter(([pkg]) => !/^(antd|@ant-design\/icons)\//.test(pkg));
    const parts = (prefix: string) => copies.filter(([pkg]) => pkg.startsWith(prefix));
    const partsLine = (prefix: string, label: string) => {
      const list = parts(prefix);
      return `${label}: ${list.length} parts, ${list.every(([, n]) => n === 1) ? 'one copy each' : 'SOME DOUBLED'}`;
    };
    console.info(`             copies: ${whole.map(([pkg, n]) => `${pkg}×${n}`).join(', ')}`);
    console.info(`             ${partsLine('antd/', 'antd')}; ${partsLine('@ant-design/icons/', '@ant-design/icons')}`);
    for (const [pkg, n] of copies) if (n > 1) problems.push(`${load.page}: ${n} copies of ${pkg}`);
  }
  return problems;
}
