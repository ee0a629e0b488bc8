/**
 * `pnpm --filter bench bench:load`: where the main thread goes while a screen loads, and how many
 * times React commits before the screen settles. In headless Chromium against the built product
 * (started as `npm start` does), logged in (except /login), each screen opened cold in a fresh
 * context RUNS (3) times: the CPU profiler runs from the navigation until the network has been idle
 * for 500 ms, every sample is put in the first class of its stack (antd's style generation, antd's
 * components, React, the product, other: bench:style's classes, through the builds' source maps),
 * and a devtools hook counts React's commits (onCommitFiberRoot) and the long tasks (≥ 50 ms).
 * Prints medians, with LOAD_TOP=N the N original source files with the most self time (LOAD_TOP_BY=function:
 * the N functions, named by source file and line), and with
 * LOAD_COMMITS=1 every commit of every run: when it came and which components rendered in it.
 *
 *   RUNS=3 LOAD_SCREENS=/index,/draft LOAD_TOP=15 node scripts/pnpm.mjs --filter bench bench:load
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, launchBrowser, savedSession, type SessionState } from '../../e2e/support/browser';
import { COMMIT_COUNTER, type LoadStats } from '../../e2e/support/react-commits';
import { startProduct } from '../../e2e/support/server';
import { type CpuProfile, originOf, timeByStack } from './cpu-profile';
import { median } from './stats';
import { classifyFrame, STYLE_CLASSES } from './style-cost';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const TOP = Number(process.env.LOAD_TOP ?? 0);
const TOP_BY_FUNCTION = process.env.LOAD_TOP_BY === 'function';
const SCREENS = (process.env.LOAD_SCREENS ?? '/login,/index,/material/0,/draft,/personalScript,/scriptWrite,/videoWrite,/rank').split(',');

interface LoadRun {
  classes: Map<string, number>;
  files: Map<string, number>;
  commits: number;
  longTasks: number;
  longMs: number;
}

/** Self time per original source file, or per function (leaf frame only), for the "what runs" list. */
function selfTimeByFile(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const origin = originOf(frame);
    const file = origin ? origin.source.replace(/^\.pnpm\/[^/]+\/node_modules\//, '') : frame.url ? path.basename(frame.url) : frame.functionName || '(native)';
    // An unmapped frame of generated code can be named by its whole source text: the first 100 characters say enough.
    const key = (TOP_BY_FUNCTION && origin ? `${file}:${origin.line} ${origin.name || frame.functionName || '(anonymous)'}` : file).slice(0, 100);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

async function loadOnce(browser: Browser, baseUrl: string, screen: string, session?: SessionState): Promise<LoadRun> {
  const context = await browser.newContext(
    session ? { storageState: session, viewport: { width: 1350, height: 940 } } : { viewport: { width: 1350, height: 940 } },
  );
  try {
    const page = await context.newPage();
    await page.addInitScript(COMMIT_COUNTER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}${screen}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const { log, ...stats } = (await page.evaluate('window.__loadStats')) as LoadStats;
    if (process.env.LOAD_COMMITS)
      for (const commit of log) console.info(`      ${screen} ${String(commit.at).padStart(6)} ms  ${commit.rendered.slice(0, 12).join(' ')}`);
    if (new URL(page.url()).pathname !== screen) throw new Error(`${screen}: ended on ${page.url()}`);
    return { classes: timeByStack(profile, classifyFrame), files: selfTimeByFile(profile), ...stats };
  } finally {
    await context.close();
  }
}

export async function measureLoads(baseUrl: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const session = await savedSession(browser, baseUrl);
    console.info(
      [
        'screen'.padEnd(16),
        ...STYLE_CLASSES.map((key) => key.padStart(16)),
        'gc'.padStart(6),
        'busy'.padStart(7),
        'commits'.padStart(8),
        'long tasks (ms)'.padStart(16),
      ].join(''),
    );
    for (const screen of SCREENS) {
      const runs: LoadRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, baseUrl, screen, screen === '/login' ? undefined : session));
      const med = (key: string) => median(runs.map((run) => run.classes.get(key) ?? 0));
      const busy = median(runs.map((run) => [...run.classes].filter(([key]) => key !== 'idle').reduce((sum, [, ms]) => sum + ms, 0)));
      const long = `${median(runs.map((run) => run.longTasks))} (${median(runs.map((run) => run.longMs)).toFixed(0)})`;
      console.info(
        [
          screen.padEnd(16),
          ...STYLE_CLASSES.map((key) => med(key).toFixed(0).padStart(16)),
          med('gc').toFixed(0).padStart(6),
          busy.toFixed(0).padStart(7),
          String(median(runs.map((run) => run.commits))).padStart(8),
          long.padStart(16),
        ].join(''),
      );
      if (TOP > 0) {
        const files = new Map<string, number>();
        for (const run of runs) for (const [file, ms] of run.files) files.set(file, (files.get(file) ?? 0) + ms / runs.length);
        for (const [file, ms] of [...files].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.info(`    ${ms.toFixed(1).padStart(7)} ms  ${file}`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const product = await startProduct();
  try {
    await measureLoads(product.baseUrl);
  } finally {
    await product.stop();
  }
}
