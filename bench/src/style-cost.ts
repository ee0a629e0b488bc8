/**
 * `pnpm --filter bench bench:style`: what antd's run-time styles cost the CPU when a screen first
 * renders. In headless Chromium against the built product (started as `npm start` does), logged in:
 * - `/index` opened cold (the shell's first antd render, its layout, menu and home page);
 * - from `/user`, a click on 草稿箱 (the drafts remote's first render, as in bench:click).
 * Each is recorded with the CPU profiler from the gesture to the content being visible (plus one
 * frame), in a fresh browser context, RUNS (5) times. Every sample is put in the first class its
 * stack falls in, leaf first, through the builds' own source maps: antd's style generation
 * (@ant-design/cssinjs and its helpers, antd's `style/` and `theme/` code), antd's components, React,
 * the product's own code, the rest. Prints the median ms of each class and style's share of the busy
 * time (not idle). A figure to compare within one run; profiling itself slows the page a little.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, launchBrowser, type Page, savedSession, type SessionState } from '../../e2e/support/browser';
import { startProduct } from '../../e2e/support/server';
import { type CpuProfile, type ProfileNode, originOf, timeByStack } from './cpu-profile';
import { median } from './stats';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
export const STYLE_CLASSES = ['antd styles', 'antd components', 'react', 'product', 'other'] as const;

const STYLE_SOURCE =
  /(^|\/)(@ant-design\/cssinjs(-utils)?|stylis|@emotion\/hash|@emotion\/unitless)\/|antd\/es\/(.*\/)?(style|theme)\/|@ant-design\/icons\/es\/cssUtils/;

export function classifyFrame(frame: ProfileNode['callFrame']): string | null {
  const origin = originOf(frame);
  if (!origin) return null;
  if (STYLE_SOURCE.test(origin.source)) return 'antd styles';
  if (/(^|\/)(antd|@rc-component|rc-[a-z-]+|@ant-design\/icons)\//.test(origin.source)) return 'antd components';
  if (/(^|\/)(react-dom|react|scheduler)\//.test(origin.source)) return 'react';
  if (/^(\.\/)?(src|\.\.\/shared-sdk|host-shell|mf-[a-z]+|shared-sdk)\b/.test(origin.source) || !origin.source.includes('/')) return 'product';
  return null;
}

export interface StyleCase {
  name: string;
  /** Median ms per class over the runs, and of the busy time (everything but idle). */
  medians: Record<string, number>;
  busy: number;
}

async function profiled(page: Page, gesture: () => Promise<void>): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await gesture();
  // One more frame, so effects that insert the styles of what just rendered are in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  return timeByStack(profile, classifyFrame);
}

async function runCase(
  browser: Browser,
  session: SessionState,
  name: string,
  gesture: (page: Page) => Promise<{ before?: () => Promise<void>; act: () => Promise<void> }>,
): Promise<StyleCase> {
  const runs: Map<string, number>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ storageState: session });
    try {
      const page = await context.newPage();
      const { before, act } = await gesture(page);
      await before?.();
      runs.push(await profiled(page, act));
    } finally {
      await context.close();
    }
  }
  const medians: Record<string, number> = {};
  for (const key of [...STYLE_CLASSES, 'gc', 'program']) medians[key] = median(runs.map((run) => run.get(key) ?? 0));
  const busy = median(runs.map((run) => [...run].filter(([key]) => key !== 'idle').reduce((sum, [, ms]) => sum + ms, 0)));
  return { name, medians, busy };
}

export async function measureStyleCost(baseUrl: string): Promise<StyleCase[]> {
  const browser = await launchBrowser();
  try {
    const session = await savedSession(browser, baseUrl);

    const index = await runCase(browser, session, '/index opened cold', async (page) => ({
      act: async () => {
        await page.goto(`${baseUrl}/index`);
        await page.locator('[data-testid=score-card]').first().waitFor({ state: 'visible' });
      },
    }));
    const remote = await runCase(browser, session, 'click 草稿箱 (drafts remote)', async (page) => {
      const entry = page
        .locator('.ant-layout-sider')
        .getByRole('menuitem')
        .filter({ hasText: /^\s*草稿箱\s*$/ });
      return {
        before: async () => {
          await page.goto(`${baseUrl}/user`);
          await entry.waitFor();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
        },
        act: async () => {
          await entry.click();
          await page.locator('[data-testid=draft-item]').first().waitFor({ state: 'visible' });
        },
      };
    });
    return [index, remote];
  } finally {
    await browser.close();
  }
}

export function reportStyleCost(cases: StyleCase[]): void {
  console.info(`antd style cost (median of ${RUNS} cold runs, ms of main-thread CPU from the gesture to content)`);
  console.info(
    ['case'.padEnd(32), ...STYLE_CLASSES.map((key) => key.padStart(16)), 'gc'.padStart(6), 'busy'.padStart(8), 'styles share'.padStart(13)].join(''),
  );
  for (const row of cases) {
    const share = row.busy > 0 ? `${(((row.medians['antd styles'] ?? 0) / row.busy) * 100).toFixed(0)} %` : '-';
    console.info(
      [
        row.name.padEnd(32),
        ...STYLE_CLASSES.map((key) => (row.medians[key] ?? 0).toFixed(1).padStart(16)),
        (row.medians.gc ?? 0).toFixed(1).padStart(6),
        row.busy.toFixed(1).padStart(8),
        share.padStart(13),
      ].join(''),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const product = await startProduct();
  try {
    reportStyleCost(await measureStyleCost(product.baseUrl));
  } finally {
    await product.stop();
  }
}
