/**
 * Click-to-content of a remote screen against a host-only screen, in headless Chromium against the
 * built product: logged in, on an account page of the shell, click the sidebar entry of a host page
 * (首页 → /index) or of a remote page (草稿箱 → /draft, the drafts remote) and time from the click
 * to the page's content being visible. Every run is a fresh browser context (cold HTTP cache; the
 * shell page itself loaded and idle first, as a person would have it), the two pages alternate run
 * by run, and the medians are compared. Also counts the sequential round trips after the click: the
 * longest chain of requests where each one started only after the previous one had finished.
 *
 *   pnpm --filter bench bench:click [-- --runs N]      (CLICK_DEBUG=1 lists each run's requests)
 *
 * Targets (ARCHITECTURE, performance budget): ratio ≤ 1.5 and ≤ 2 sequential round trips cold.
 */
import { pathToFileURL } from 'node:url';
import { launchBrowser, savedSession } from '../../e2e/support/browser';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;
type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;

export const RATIO_TARGET = 1.5;
export const ROUND_TRIPS_TARGET = 2;

/** A sidebar entry to click and what shows that its page has content. */
interface Target {
  name: string;
  menu: string;
  url: RegExp;
  content: string;
  /** The page's own data call, whose answer the content shows. */
  data: RegExp;
}

const HOST_TARGET: Target = { name: 'host /index', menu: '首页', url: /\/index$/, content: '[data-testid=score-card]', data: /\/api\/creatorScore\/getUserScore$/ };
const REMOTE_TARGET: Target = { name: 'remote /draft', menu: '草稿箱', url: /\/draft$/, content: '[data-testid=draft-item]', data: /\/api\/draft\/search$/ };
/**
 * What the page's content waits for: code (scripts, styles, federation manifests) and the page's
 * data call. Other calls around a navigation (load reports, unread counts, the session's re-read)
 * run beside it and are not part of the chain.
 */
const isNeeded = (target: Target, path: string) => /\.(m?js|css)$|mf-manifest\.json$/.test(path) || target.data.test(path);
/** A host page to start from, neither of the two targets. */
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
  host: ClickSide;
  remote: ClickSide;
  /** remote median / host median. */
  ratio: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

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

async function oneRun(browser: Browser, baseUrl: string, session: StorageState, target: Target): Promise<ClickRun> {
  const context = await browser.newContext({ storageState: session });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${START_PAGE}`);
    const entry = page.locator('.ant-layout-sider').getByRole('menuitem').filter({ hasText: new RegExp(`^\\s*${target.menu}\\s*$`) });
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

/** Runs both pages `runs` times each, alternating, every run cold. */
export async function measureClickToContent(baseUrl: string, runs = 7): Promise<ClickToContent> {
  const browser = await launchBrowser();
  try {
    const session = await savedSession(browser, baseUrl);

    const host: ClickRun[] = [];
    const remote: ClickRun[] = [];
    // One warm-up pair, not counted: the server's first answers include its own start-up work.
    await oneRun(browser, baseUrl, session, HOST_TARGET);
    await oneRun(browser, baseUrl, session, REMOTE_TARGET);
    for (let i = 0; i < runs; i += 1) {
      host.push(await oneRun(browser, baseUrl, session, HOST_TARGET));
      remote.push(await oneRun(browser, baseUrl, session, REMOTE_TARGET));
    }
    const side = (target: Target, list: ClickRun[]): ClickSide => ({
      name: target.name,
      runs: list,
      medianMs: median(list.map((run) => run.ms)),
      roundTrips: Math.max(...list.map((run) => run.roundTrips)),
    });
    const hostSide = side(HOST_TARGET, host);
    const remoteSide = side(REMOTE_TARGET, remote);
    return { host: hostSide, remote: remoteSide, ratio: remoteSide.medianMs / hostSide.medianMs };
  } finally {
    await browser.close();
  }
}

/** Prints the figures; returns the targets missed. */
export function reportClickToContent(result: ClickToContent): string[] {
  console.info('page             median ms   runs (ms)                         round trips (max)   requests');
  for (const side of [result.host, result.remote]) {
    const runs = side.runs.map((run) => Math.round(run.ms)).join(' ');
    const requests = side.runs.map((run) => run.requests).join(' ');
    console.info(`${side.name.padEnd(16)} ${side.medianMs.toFixed(0).padStart(9)}   ${runs.padEnd(33)} ${String(side.roundTrips).padStart(17)}   ${requests}`);
  }
  console.info(`ratio remote / host: ${result.ratio.toFixed(2)} (target ≤ ${RATIO_TARGET})`);
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
