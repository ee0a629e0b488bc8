/**
 * The manuscript library's tabs and status filters (docs/product.md §3): each click sends one list request,
 * with that tab's own values (articles' 全部 is 20, the other content's filters are -1/6/0/7).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

const LIST = '/api/manuscript/list';

/** The list requests (type/status) a click sends: waits for the first answer, then for any straggler. */
async function requestsOf(page: Page, click: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname === LIST) sent.push(`${url.searchParams.get('type')}/${url.searchParams.get('status')}`);
  };
  page.on('request', onRequest);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === LIST);
  await click();
  await answered;
  // A second call (a screen whose values differ from the early one) starts within a render.
  await page.waitForTimeout(1000);
  page.off('request', onRequest);
  return sent;
}

describe('manuscript library filters', () => {
  const harness = useBrowser();

  it("switching tab sends one request with the tab's 全部, and each filter its own value", async () => {
    const { page } = await harness.loggedIn(ACCOUNTS.verified, { width: 1400, height: 900 });
    await page.goto(`${baseUrl}/personalScript`);
    await page.getByTestId('manuscript-item').first().waitFor();
    const tab = (name: string) => () => page.getByRole('tab', { name }).click();
    const filter = (name: string) => () => page.locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${name}$`) }).click();

    assert.deepEqual(await requestsOf(page, tab('视频')), ['2/-1']);
    assert.deepEqual(await requestsOf(page, filter('未通过')), ['2/6']);
    assert.deepEqual(await requestsOf(page, filter('已发布')), ['2/0']);
    assert.deepEqual(await requestsOf(page, filter('审核中')), ['2/7']);
    assert.deepEqual(await requestsOf(page, filter('全部')), ['2/-1']);
    assert.deepEqual(await requestsOf(page, tab('图集')), ['3/-1']);
    assert.deepEqual(await requestsOf(page, tab('文章')), ['1/20']);
    assert.deepEqual(await requestsOf(page, filter('定时发布')), ['1/12']);
    // Back to the articles' 全部 (the address without parameters) the screen takes the host's early
    // answer for that address instead of asking again: a known gap, not asserted here.
  });
});
