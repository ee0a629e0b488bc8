/**
 * `node scripts/pnpm.mjs --filter bench bench:frames`: the frames that block while a screen loads, as the
 * page itself sees them (Chromium's Long Animation Frames), for screens opened cold by a signed-in
 * creator in the built product. For each screen: the summed blocking time of a load (each frame's
 * time past 50 ms, as TBT counts tasks), how many frames block, the longest one, and, for the median
 * load, every blocking frame with the script that started it (file, and what invoked it: a script's
 * evaluation, a promise, a timer, an animation frame, an event).
 *
 * Lighthouse's TBT on this machine moves ×2–×3 between loads of one build; a frame's own length and
 * its attribution move much less, which makes this the measure for a change that splits or removes
 * one task (bench/RESULTS.md, "2026-11-30, late night: one start-up file").
 *
 * Knobs: RUNS (7), FRAMES_SCREENS (/index,/draft), CPU_SLOWDOWN (2: Chromium's CPU throttling, as
 * the interactions bench takes it; 1 measures at the machine's own speed).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, type SessionState } from '../../e2e/support/browser';
import { benchmarkIndexIn, benchmarkIndexLine, signInThroughLoginPage, uptime, withProduct } from './product-session';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 7);
const SCREENS = (process.env.FRAMES_SCREENS ?? '/index,/draft').split(',').filter(Boolean);
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 2);
const BLOCKING_MS = 50;
const QUIET_MS = 1500;

interface FrameScript {
  file: string;
  invokerType: string;
  invoker: string;
  ms: number;
}

interface Frame {
  startMs: number;
  ms: number;
  blockingMs: number;
  scripts: FrameScript[];
}

interface Load {
  frames: Frame[];
  blockingMs: number;
}

// The page's own record of its long animation frames, from the first one (registered before any of
// the page's scripts run).
const OBSERVE_FRAMES = `
  window.__frames = [];
  new PerformanceObserver((list) => { window.__frames.push(...list.getEntries()); })
    .observe({ type: 'long-animation-frame', buffered: true });
`;

const READ_FRAMES = `
  window.__frames.map((f) => ({
    startMs: f.startTime,
    ms: f.duration,
    blockingMs: f.blockingDuration,
    scripts: f.scripts.map((s) => ({
      file: (s.sourceURL || '').split('/').pop() || '(inline)',
      invokerType: s.invokerType,
      invoker: s.invokerType + (s.invoker ? ' ' + s.invoker : ''),
      ms: s.duration,
    })),
  }))
`;

async function openCold(browser: Browser, session: SessionState, url: string): Promise<Load> {
  const context: BrowserContext = await browser.newContext({ storageState: session });
  try {
    const page: Page = await context.newPage();
    if (CPU_SLOWDOWN !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.addInitScript(OBSERVE_FRAMES);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(QUIET_MS);
    const frames = (await page.evaluate(READ_FRAMES)) as Frame[];
    const blocking = frames.filter((f) => f.blockingMs > 0);
    return { frames: blocking, blockingMs: blocking.reduce((sum, f) => sum + f.blockingMs, 0) };
  } finally {
    await context.close();
  }
}

/**
 * What started a frame, stable between builds: the file of its longest script without the build's
 * hash (a chunk's number can change with the build too), and the kind of call (a script's
 * evaluation, a promise, a timer, an animation frame, a message).
 */
const labelOf = (frame: Frame): string => {
  const top = [...frame.scripts].sort((a, b) => b.ms - a.ms)[0];
  if (!top) return '(no script: style, layout, paint)';
  return `${top.file.replace(/\.[0-9a-f]{8}\.js$/, '.js')} ${top.invokerType}`;
};

/** Per label, the median over the loads of the blocking time of that label's frames (0 where a load had none). */
function blockingByLabel(runs: readonly Load[]): [string, number, number][] {
  const labels = new Set(runs.flatMap((l) => l.frames.map(labelOf)));
  const rows: [string, number, number][] = [...labels].map((label) => {
    const perLoad = runs.map((l) => l.frames.filter((f) => labelOf(f) === label).reduce((sum, f) => sum + f.blockingMs, 0));
    return [label, median(perLoad), perLoad.filter((ms) => ms > 0).length];
  });
  return rows.sort((a, b) => b[1] - a[1]);
}

const describe = (frame: Frame): string => {
  const scripts = [...frame.scripts].sort((a, b) => b.ms - a.ms).slice(0, 3);
  const named = scripts.map((s) => `${s.file} (${s.invoker}) ${s.ms.toFixed(0)}`).join('; ');
  return `  at ${frame.startMs.toFixed(0).padStart(5)} ms: ${frame.ms.toFixed(0).padStart(4)} ms, blocking ${frame.blockingMs
    .toFixed(0)
    .padStart(4)}  ${named || '(no script: style, layout, paint)'}`;
};

async function main(): Promise<void> {
  await withProduct(async ({ baseUrl }) => {
    const browser = await launchBrowser();
    try {
      const indexes: number[] = [];
      let session: SessionState;
      {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signInThroughLoginPage(page, baseUrl, ACCOUNTS.verified);
        indexes.push(await benchmarkIndexIn(page));
        session = await context.storageState();
        await context.close();
      }
      const loads = new Map<string, Load[]>(SCREENS.map((s) => [s, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const screen of SCREENS) loads.get(screen)!.push(await openCold(browser, session, `${baseUrl}${screen}`));
      }
      {
        const page = await browser.newPage();
        indexes.push(await benchmarkIndexIn(page));
        await page.close();
      }
      console.info(`Blocking frames of a cold load (Long Animation Frames), ${RUNS} loads a screen, CPU slowed ${CPU_SLOWDOWN}×`);
      console.info(benchmarkIndexLine(indexes) ?? "Lighthouse's benchmark index: unknown");
      console.info(uptime());
      for (const [screen, runs] of loads) {
        const sums = runs.map((l) => l.blockingMs);
        const longest = runs.map((l) => Math.max(0, ...l.frames.map((f) => f.ms)));
        const counts = runs.map((l) => l.frames.length);
        console.info(
          `\n${screen}: blocking ${median(sums).toFixed(0)} ms (each load: ${sums.map((s) => s.toFixed(0)).join(' ')}); ` +
            `frames over ${BLOCKING_MS} ms ${median(counts)}; longest ${median(longest).toFixed(0)} ms (median)`,
        );
        console.info(' blocking by what started the frame (median over the loads; in how many loads):');
        for (const [label, ms, loadsWith] of blockingByLabel(runs)) {
          console.info(`  ${ms.toFixed(0).padStart(5)} ms  ${label} (${loadsWith} of ${runs.length})`);
        }
        const mid = median(sums);
        const typical = runs.reduce((best, l) => (Math.abs(l.blockingMs - mid) < Math.abs(best.blockingMs - mid) ? l : best));
        console.info(' the load nearest the median, frame by frame:');
        for (const frame of typical.frames) console.info(describe(frame));
      }
    } finally {
      await browser.close();
    }
  });
}

await main();
