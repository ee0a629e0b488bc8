import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

/** The field's limit for a good page (Lighthouse's cumulative layout shift target). */
const MAX_SHIFT = 0.05;

/** Adds up, from the first paint on, how far visible content moved without the person doing anything. */
const RECORD_SHIFTS = `
  window.__layoutShift = { total: 0, moved: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShift.total += entry.value;
      for (const source of entry.sources) window.__layoutShift.moved.push((source.node && source.node.nodeName) + ' ' + (source.node && source.node.textContent || '').slice(0, 40));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Opens a screen cold, waits until it has settled and returns how much its content moved meanwhile. */
async function shiftOnOpen(context: BrowserContext, path: string, settled: (page: Page) => Promise<void>): Promise<{ total: number; moved: string[] }> {
  const page = await context.newPage();
  try {
    await page.addInitScript(RECORD_SHIFTS);
    await page.goto(`${baseUrl}${path}`);
    await settled(page);
    await page.waitForLoadState('networkidle');
    // A last frame for what the final answers drew.
    await page.waitForTimeout(300);
    return (await page.evaluate('window.__layoutShift')) as { total: number; moved: string[] };
  } finally {
    await page.close();
  }
}

describe('screens do not move while they load', () => {
  const harness = useBrowser();
  let context: BrowserContext;

  before(async () => {
    // Lighthouse's desktop window.
    ({ context } = await harness.loggedIn(undefined, { width: 1350, height: 940 }));
  });

  it('/index: the cards below the score card stay where they were drawn when the score arrives', async () => {
    const shift = await shiftOnOpen(context, '/index', async (page) => {
      await page.getByTestId('score-card').waitFor();
      await page.getByRole('link', { name: '全部草稿' }).waitFor();
    });
    assert.ok(shift.total <= MAX_SHIFT, `layout shift ${shift.total.toFixed(3)}: ${shift.moved.join(' | ')}`);
  });

  for (const [path, heading] of [
    ['/scriptWrite', '写文章'],
    ['/videoWrite', '发视频'],
  ] as const) {
    it(`${path}: the page does not jump when the form replaces the loading spinner`, async () => {
      const shift = await shiftOnOpen(context, path, async (page) => {
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.getByRole('button', { name: /^发\s*布$/ }).waitFor();
      });
      assert.ok(shift.total <= MAX_SHIFT, `layout shift ${shift.total.toFixed(3)}: ${shift.moved.join(' | ')}`);
    });
  }
});
