/**
 * Click-to-content of a remote screen against host-only screens, in headless Chromium against the
 * built product: logged in, on an account page of the shell, the pointer moves onto an entry and
 * clicks it, and the time runs from the pointer reaching the entry to the page's content being
 * visible. Three pages, run by run in turn, each run a fresh browser context (cold HTTP cache; the
 * shell page itself loaded and idle first, as a person would have it), and their medians compared:
 *
 *   - 草稿箱 (/draft, the drafts remote): tabs, a search box, a paginated list of antd items;
 *   - 消息通知 (/notice, through the header's bell): the host's own page of the same kind (tabs, a
 *     paginated antd list), the like-for-like host-only page: what being a remote costs;
 *   - 首页 (/index): the host's home page, plain elements since the first-load cut, so its ratio
 *     also counts antd rendering a list for the first time, which any screen of that kind pays.
 *
 * Also counts the sequential round trips after the gesture: the longest chain of requests where each
 * one started only after the previous one had finished.
 *
 *   pnpm --filter bench bench:click [-- --runs N]      (CLICK_DEBUG=1 lists each run's requests)
 *
 * Targets (ARCHITECTURE, performance budget): ratio ≤ 1.5 against a host-only page of the same kind
 * and ≤ 2 sequential round trips cold.
 */
import { pathToFileURL } from 'node:url';
import { type Browser, launchBrowser, type Page, savedSession, type SessionState } from '../../e2e/support/browser';
import { median } from './stats';

export const RATIO_TARGET = 1.5;
export const ROUND_TRIPS_TARGET = 2;

/** An entry to point at and click, and what shows that its page has content. */
interface Target {
  name: string;
  entry: (page: Page) => ReturnType<Page['locator']>;
  url: RegExp;
  content: string;
  /** The page's own data call, whose answer the content shows. */
  data: RegExp;
  /** The remote whose screen it is (its files count; other remotes' do not). */
  remote?: string;
}

const sidebarEntry = (menu: string) => (page: Page) =>
  page
    .locator('.ant-layout-sider')
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^\\s*${menu}\\s*$`) });

const REMOTE_TARGET: Target = {
  name: 'remote /draft',
  remote: 'mf-drafts',
  entry: sidebarEntry('草稿箱'),
  url: /\/draft$/,
  content: '[data-testid=draft-item]',
  data: /\/api\/draft\/search$/,
};
const HOST_LIST_TARGET: Target = {
  name: 'host /notice',
  entry: (page) => page.getByTestId('notice-bell'),
  url: /\/notice$/,
  content: '[data-testid=notice-item]',
  data: /\/api\/notice\/list$/,
};
const HOST_HOME_TARGET: Target = {
  name: 'host /index',
  entry: sidebarEntry('首页'),
  url: /\/index$/,
  content: '[data-testid=score-card]',
  data: /\/api\/creatorScore\/getUserScore$/,
};
/**
 * What the page's content waits for: code (scripts, styles, federation manifests) and the page's
 * data call. Other calls around a navigation (load reports, unread counts, the session's re-read)
 * run beside it and are not part of the chain.
 */
const isNeeded = (target: Target, path: string) =>
  (/\.(m?js|css)$|mf-manifest\.json$/.test(path) && !IDLE_TIME.test(path) && !otherRemote(target, path)) || target.data.test(path);
/**
 * Started by the first pointer movement and run when the browser is idle, for later pages: the field
 * vitals' chunk (web-vitals) and the other remotes' manifests (warmed for their first click). They
 * may fall inside the window but no content waits for them.
 */
const IDLE_TIME = /\/web-vitals\.[\w]+\.js$/;
const otherRemote = (target: Target, path: string) => {
  const remote = /^\/releases\/([^/]+)\//.exec(path)?.[1];
  return remote !== undefined && remote !== target.remote;
};
/** A host page to start from, none of the targets. */
const START_PAGE = '/user';

export interface ClickRun {
  ms: number;
  roundTrips: number;
  requests: number;
}

export interface ClickSide {
  name: string;
  runs: ClickRun[];
  medianMs: number;
  /** The most sequential round trips any run needed. */
  roundTrips: number;
}

export interface ClickToContent {
  remote: ClickSide;
  /** The host's page of the same kind (a paginated antd list): the target's baseline. */
  hostList: ClickSide;
  /** The host's plain home page. */
  hostHome: ClickSide;
  /** remote median / like-for-like host median (the target). */
  ratio: number;
  /** remote median / home page median. */
  ratioToHome: number;
}

/**
 * The longest chain of requests each started after the previous one finished (a waterfall's depth).
 * Requests that overlap are one round trip together.
 */
export function sequentialRoundTrips(requests: readonly { start: number; end: number }[]): number {
  const byStart = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  byStart.forEach((request, i) => {
    let before = 0;
    for (let j = 0; j < i; j += 1) if (byStart[j]!.end <= request.start) before = Math.max(before, depth[j]!);
    depth[i] = before + 1;
  });
  return Math.max(0, ...depth);
}

async function oneRun(browser: Browser, baseUrl: string, session: SessionState, target: Target): Promise<ClickRun> {
  const context = await browser.newContext({ storageState: session });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${START_PAGE}`);
    const entry = target.entry(page);
    await entry.waitFor();
    // The shell as a person finds it: loaded and idle (idle-time work has had its chance).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);

    const started = new Map<object, number>();
    const finished: { start: number; end: number; url: string }[] = [];
    let clickedAt = Number.POSITIVE_INFINITY;
    page.on('request', (request) => {
      const now = performance.now();
      if (now >= clickedAt) started.set(request, now);
    });
    const done = (request: { url(): string }) => {
      const start = started.get(request);
      if (start !== undefined) finished.push({ start, end: performance.now(), url: new URL(request.url()).pathname });
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    // The gesture starts when the pointer reaches the entry (what a hover may start counts too).
    clickedAt = performance.now();
    await entry.hover();
    await entry.click();
    await page.waitForURL(target.url);
    await page.locator(target.content).first().waitFor({ state: 'visible' });
    const ms = performance.now() - clickedAt;
    // Requests still in flight at that moment belong to the page too (e.g. a second list call).
    await page.waitForLoadState('networkidle');
    const visibleBy = clickedAt + ms;
    const needed = finished.filter((request) => request.start <= visibleBy && isNeeded(target, request.url));
    if (process.env.CLICK_DEBUG) {
      for (const request of needed.sort((a, b) => a.start - b.start)) {
        console.info(`  ${(request.start - clickedAt).toFixed(0).padStart(5)} → ${(request.end - clickedAt).toFixed(0).padStart(5)} ms  ${request.url}`);
      }
    }
    return { ms, roundTrips: sequentialRoundTrips(needed), requests: needed.length };
  } finally {
    await context.close();
  }
}

/** Runs every page `runs` times, in turn, every run cold. */
export async function measureClickToContent(baseUrl: string, runs = 7): Promise<ClickToContent> {
  const browser = await launchBrowser();
  try {
    const session = await savedSession(browser, baseUrl);
    const targets = [REMOTE_TARGET, HOST_LIST_TARGET, HOST_HOME_TARGET];
    const results = new Map<Target, ClickRun[]>(targets.map((target) => [target, []]));
    // One warm-up round, not counted: the server's first answers include its own start-up work.
    for (const target of targets) await oneRun(browser, baseUrl, session, target);
    for (let i = 0; i < runs; i += 1) {
      for (const target of targets) results.get(target)!.push(await oneRun(browser, baseUrl, session, target));
    }
    const side = (target: Target): ClickSide => {
      const list = results.get(target)!;
      return { name: target.name, runs: list, medianMs: median(list.map((run) => run.ms)), roundTrips: Math.max(...list.map((run) => run.roundTrips)) };
    };
    const [remote, hostList, hostHome] = targets.map(side) as [ClickSide, ClickSide, ClickSide];
    return { remote, hostList, hostHome, ratio: remote.medianMs / hostList.medianMs, ratioToHome: remote.medianMs / hostHome.medianMs };
  } finally {
    await browser.close();
  }
}

/** Prints the figures; returns the targets missed. */
export function reportClickToContent(result: ClickToContent): string[] {
  console.info('page             median ms   runs (ms)                                   round trips (max)   requests');
  for (const side of [result.remote, result.hostList, result.hostHome]) {
    const runs = side.runs.map((run) => Math.round(run.ms)).join(' ');
    const requests = side.runs.map((run) => run.requests).join(' ');
    console.info(`${side.name.padEnd(16)} ${side.medianMs.toFixed(0).padStart(9)}   ${runs.padEnd(43)} ${String(side.roundTrips).padStart(17)}   ${requests}`);
  }
  console.info(`ratio remote / host page of the same kind (/notice): ${result.ratio.toFixed(2)} (target ≤ ${RATIO_TARGET})`);
  console.info(`ratio remote / plain home page (/index):            ${result.ratioToHome.toFixed(2)} (for comparison)`);
  const problems: string[] = [];
  if (result.ratio > RATIO_TARGET) problems.push(`click-to-content: remote/host ${result.ratio.toFixed(2)} > ${RATIO_TARGET}`);
  if (result.remote.roundTrips > ROUND_TRIPS_TARGET) {
    problems.push(`click-to-content: the remote screen took ${result.remote.roundTrips} sequential round trips (target ≤ ${ROUND_TRIPS_TARGET})`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startProduct } = await import('../../e2e/support/server');
  const argRuns = process.argv.indexOf('--runs');
  const runs = Number(argRuns > 0 ? process.argv[argRuns + 1] : 7);
  const product = await startProduct();
  let problems: string[];
  try {
    problems = reportClickToContent(await measureClickToContent(product.baseUrl, runs));
  } finally {
    await product.stop();
  }
  if (problems.length) console.info(`\nnot met yet:\n  ${problems.join('\n  ')}`);
}
