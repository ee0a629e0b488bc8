/**
 * Lighthouse 12 (the field's own tool, from npm) against the built product started as `npm start`
 * does: desktop preset (simulated throttling), RUNS runs per screen, the median run by performance
 * score. /login anonymously first; then one person logs in through the login page in the same
 * Chromium profile, so every tab Lighthouse opens afterwards shares that session (Lighthouse clears
 * the HTTP cache and service workers between runs, not local storage, where the session lives).
 *
 *   npm run bench -- lighthouse                 exits 1 when a screen misses a target
 *   RUNS=5 LH_SCREENS=/index,/draft LH_REPORT_DIR=dir node scripts/pnpm.mjs --filter bench bench:lighthouse
 *
 * LH_REPORT_DIR keeps each run's full JSON report (its traces' bootup-time and mainthread-work-
 * breakdown audits are where the main thread's time is named). LH_DETAILS=1 prints, per screen,
 * the median run's main-thread time by category and the scripts that cost most.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { type Page, chromium } from 'playwright-core';
import { ACCOUNTS, CHROMIUM_FLAGS, login } from '../../e2e/support/browser';
import { freePort, startProduct } from '../../e2e/support/server';
import { median } from './stats';

export const TARGETS = { performance: 90, tbtMs: 200, lcpMs: 1500, cls: 0.05 } as const;
const SIGNED_IN_SCREENS = ['/index', '/material/0', '/draft', '/personalScript', '/scriptWrite', '/videoWrite', '/rank'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ScreenRun {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  finalUrl: string;
  /** Lighthouse's measure of the machine's CPU (a desktop of the day scores about 1,000–2,000): figures compare between machines only beside it. */
  benchmarkIndex: number;
  /** Main-thread ms by Lighthouse's categories (script evaluation, style & layout, ...). */
  mainThread: Record<string, number>;
  /** The scripts with the most main-thread time: url → ms of evaluation and parse/compile. */
  bootup: { url: string; scripting: number; parse: number }[];
}

export interface ScreenResult {
  screen: string;
  runs: ScreenRun[];
  median: ScreenRun;
}

interface AuditDetails {
  items?: Record<string, unknown>[];
}

/** Reads the few figures this bench reports out of a Lighthouse result. */
function readRun(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): ScreenRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => ((lhr.audits[id]?.details as AuditDetails | undefined)?.items ?? []) as Record<string, unknown>[];
  const mainThread = Object.fromEntries(items('mainthread-work-breakdown').map((item) => [String(item.groupLabel ?? item.group), Number(item.duration)]));
  const bootup = items('bootup-time')
    .map((item) => ({ url: String(item.url), scripting: Number(item.scripting), parse: Number(item.scriptParseCompile) }))
    .slice(0, 8);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread,
    bootup,
  };
}

/** Debian's Chromium with a persistent profile and a DevTools port Lighthouse connects to. */
async function launchChromium(profile: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(CHROMIUM, ['--headless', ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Chromium exited early (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Logs in through the login page in the profile's own (default) context, as a person would. */
async function logInThroughProfile(port: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the profile has no default context');
    const page = await context.newPage();
    await login(page, baseUrl, ACCOUNTS.verified);
    await page.waitForURL(/\/index$/);
    await page.waitForLoadState('networkidle');
    await page.close();
  } finally {
    // Disconnects: the default context and its storage stay with the browser.
    await browser.close();
  }
}

/**
 * One Lighthouse run. A run whose trace failed (NO_NAVSTART, NO_FCP: Chromium starved of CPU on a
 * busy machine) is run again, up to twice, rather than ending the bench.
 */
async function lighthouseRun(port: number, url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.info(`${url}: ${error.code}, running again`);
  }
}

async function runScreen(port: number, baseUrl: string, screen: string, runs: number, reportDir?: string): Promise<ScreenResult> {
  const results: ScreenRun[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouseRun(port, `${baseUrl}${screen}`);
    const run = readRun(result.lhr);
    // A signed-in screen that fell back to /login measured the wrong page.
    if (new URL(run.finalUrl).pathname !== screen) throw new Error(`${screen}: ended on ${run.finalUrl}`);
    results.push(run);
    if (reportDir) fs.writeFileSync(path.join(reportDir, `${screen.replace(/\W+/g, '_')}-${i + 1}.json`), String(result.report));
  }
  const middle = median(results.map((run) => run.performance));
  const medianRun =
    results.find((run) => run.performance === middle) ?? [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
  return { screen, runs: results, median: medianRun };
}

export async function measureLighthouse(baseUrl: string, runs: number, screens: string[], reportDir?: string): Promise<ScreenResult[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const { port, child } = await launchChromium(profile);
  try {
    const results: ScreenResult[] = [];
    if (screens.includes('/login')) results.push(await runScreen(port, baseUrl, '/login', runs, reportDir));
    const signedIn = screens.filter((screen) => screen !== '/login');
    if (signedIn.length) {
      await logInThroughProfile(port, baseUrl);
      for (const screen of signedIn) results.push(await runScreen(port, baseUrl, screen, runs, reportDir));
    }
    return results;
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/**
 * Lighthouse's measure of the machine's CPU (its `benchmarkIndex`), taken outside a Lighthouse run:
 * Lighthouse's own page function, evaluated in a page of the bench's browser.
 */
export async function benchmarkIndexIn(page: Page): Promise<number> {
  return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

/** The line every bench prints beside its figures: the benchmark index (range) of this machine. */
export function benchmarkIndexLine(indexes: readonly number[]): string | null {
  const known = indexes.filter(Number.isFinite);
  if (known.length === 0) return null;
  return `Lighthouse's benchmark index of this machine: ${fixed(Math.min(...known))}–${fixed(Math.max(...known))}`;
}

/** Prints the table (median run of each screen, and every run's score); returns the missed targets. */
export function reportLighthouse(results: ScreenResult[], details = false): string[] {
  const missed: string[] = [];
  console.info('screen            perf   LCP ms   TBT ms     CLS   (each run: perf / TBT)');
  for (const { screen, runs, median: m } of results) {
    const each = runs.map((run) => `${run.performance}/${fixed(run.tbtMs)}`).join('  ');
    console.info(
      `${screen.padEnd(16)} ${String(m.performance).padStart(5)} ${fixed(m.lcpMs).padStart(8)} ${fixed(m.tbtMs).padStart(8)} ${fixed(m.cls, 3).padStart(7)}   ${each}`,
    );
    if (!(m.performance >= TARGETS.performance)) missed.push(`${screen}: performance ${m.performance} < ${TARGETS.performance}`);
    if (!(m.tbtMs <= TARGETS.tbtMs)) missed.push(`${screen}: TBT ${fixed(m.tbtMs)} ms > ${TARGETS.tbtMs}`);
    if (!(m.lcpMs <= TARGETS.lcpMs)) missed.push(`${screen}: LCP ${fixed(m.lcpMs)} ms > ${TARGETS.lcpMs}`);
    if (!(m.cls <= TARGETS.cls)) missed.push(`${screen}: CLS ${fixed(m.cls, 3)} > ${TARGETS.cls}`);
    if (details) {
      const groups = Object.entries(m.mainThread).map(([group, ms]) => `${group} ${fixed(ms)}`);
      console.info(`    main thread (ms): ${groups.join(', ')}`);
      for (const script of m.bootup)
        console.info(`    ${fixed(script.scripting).padStart(6)} + ${fixed(script.parse).padStart(4)} ms  ${script.url.replace(/^https?:\/\/[^/]+/, '')}`);
    }
  }
  const indexLine = benchmarkIndexLine(results.flatMap((result) => result.runs.map((run) => run.benchmarkIndex)));
  if (indexLine) console.info(indexLine);
  console.info(
    `targets: performance ≥ ${TARGETS.performance}, TBT ≤ ${TARGETS.tbtMs} ms, LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  return missed;
}

async function main(): Promise<void> {
  const runs = Number(process.env.RUNS ?? 3);
  const screens = process.env.LH_SCREENS ? process.env.LH_SCREENS.split(',') : ['/login', ...SIGNED_IN_SCREENS];
  const reportDir = process.env.LH_REPORT_DIR;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  console.info(
    `load average at the start: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const product = await startProduct();
  let missed: string[];
  try {
    missed = reportLighthouse(await measureLighthouse(product.baseUrl, runs, screens, reportDir), process.env.LH_DETAILS === '1');
  } finally {
    await product.stop();
  }
  if (missed.length) {
    console.error(`\nlighthouse: ${missed.length} target(s) missed\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.info('\nlighthouse: every target met');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
