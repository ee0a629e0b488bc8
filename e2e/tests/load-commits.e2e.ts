import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { savedSession, type SessionState, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';
import { COMMIT_COUNTER, type LoadStats } from '../support/react-commits';

/**
 * How many times React commits while a main screen loads cold, signed in. Each commit is main-thread work
 * (a render, the DOM written, layout effects run), so a screen that starts committing more often than its
 * ceiling has gained renders: a store update read too widely, a state set in an effect, a render loop.
 * The ceilings sit about half again above what a load measures today (bench:load prints the medians and, with
 * LOAD_COMMITS=1, what rendered in each commit); lower one when a change brings its screen's count down.
 * Timing is left to the benches: how long a commit takes depends on the machine, how many there are
 * does not much (answers arriving together are batched into fewer).
 */
const CEILINGS: Record<string, { ceiling: number; shown: (page: Page) => Promise<void> }> = {
  '/login': {
    ceiling: 4,
    shown: (page) =>
      page
        .getByRole('button', { name: /登\s*录/ })
        .first()
        .waitFor(),
  },
  '/index': {
    ceiling: 26,
    shown: async (page) => {
      await page.getByTestId('score-card').waitFor();
      await page.getByRole('link', { name: '全部草稿' }).waitFor();
    },
  },
  '/material/0': { ceiling: 30, shown: (page) => page.locator('.ant-pagination').first().waitFor() },
  '/draft': { ceiling: 42, shown: (page) => page.getByTestId('draft-item').first().waitFor() },
  '/personalScript': { ceiling: 40, shown: (page) => page.getByRole('listitem').first().waitFor() },
  '/scriptWrite': { ceiling: 10, shown: (page) => page.getByRole('button', { name: /^发\s*布$/ }).waitFor() },
  '/videoWrite': { ceiling: 10, shown: (page) => page.getByTestId('video-field').waitFor() },
  '/rank': { ceiling: 20, shown: (page) => page.getByTestId('rank-row').nth(10).waitFor() },
};

describe('React commits per screen load', () => {
  const harness = useBrowser();
  let session: SessionState;
  before(async () => {
    session = await savedSession(harness.browser, baseUrl);
  });

  for (const [screen, { ceiling, shown }] of Object.entries(CEILINGS)) {
    it(`${screen} settles within ${ceiling} commits`, async () => {
      const context = await harness.newContext(screen === '/login' ? {} : { storageState: session });
      const page = await context.newPage();
      await page.addInitScript(COMMIT_COUNTER);
      await page.goto(`${baseUrl}${screen}`);
      await shown(page);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).pathname, screen);
      const stats = (await page.evaluate('window.__loadStats')) as LoadStats;
      const made = stats.log.map((commit) => `${commit.at} ms: ${commit.rendered.slice(0, 6).join(' ')}`).join('\n');
      console.info(`${screen}: ${stats.commits} commits`);
      assert.ok(stats.commits > 0, `${screen}: no commit counted: the counter did not reach React`);
      assert.ok(stats.commits <= ceiling, `${screen}: ${stats.commits} commits > ${ceiling}\n${made}`);
    });
  }
});
