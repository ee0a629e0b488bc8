import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

/**
 * The demo issues are imported in the background after the server starts (today's, then the days
 * before): load `url` until its issue has landed.
 */
async function openNewspaperWithPages(page: Page, url = `${baseUrl}/newspaper`): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    await page.goto(url);
    const first = page.getByRole('img', { name: '第1版' });
    const empty = page.getByText('该日暂无版面');
    await first.or(empty).first().waitFor({ timeout: 30_000 });
    if (await first.isVisible()) return;
    if (Date.now() > deadline) throw new Error('no demo newspaper pages after 90 s');
    await page.waitForTimeout(1_000);
  }
}

describe('newspaper viewer', () => {
  const harness = useBrowser();

  it('shows today’s 河南日报, switches paper and day, opens a page PDF and steps to the next page', async () => {
    const page = await harness.signedInPage(ACCOUNTS.verified);
    await openNewspaperWithPages(page);
    assert.equal(await page.getByRole('radio', { name: '河南日报', exact: true }).isChecked(), true);

    await page.getByText('大河报', { exact: true }).click();
    await page.waitForURL(/[?&]type=3\b/);
    await page.getByRole('img', { name: '第1版' }).waitFor();

    await page.getByRole('button', { name: '前一天' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === '3' && url.searchParams.get('date') !== null);
    const date = new URL(page.url()).searchParams.get('date') ?? '';
    // The server answers while the import runs, so the test may get here before that day's issue.
    await openNewspaperWithPages(page, page.url());
    // The previous day's pages replace today's once the request answers: wait for them, not for any page.
    await page.waitForFunction(
      (day) => {
        const srcs = [...document.querySelectorAll('img[alt^="第"]')].map((img) => img.getAttribute('src') ?? '');
        return srcs.length > 1 && srcs.every((src) => src.includes(`/newspaper/3/${day}/`));
      },
      date,
      { timeout: 30_000 },
    );
    const images = await page.getByRole('img', { name: /^第\d+版$/ }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
    assert.ok(
      images.every((src) => src.includes(`/newspaper/3/${date}/`)),
      `images of 大河报 on ${date}: ${images.join(', ')}`,
    );

    await page.getByRole('button', { name: '打开第1版' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    const firstPdf = ((await frame.getAttribute('src')) ?? '').replace(/#.*$/, '');
    assert.match(firstPdf, new RegExp(`/newspaper/3/${date}/[^/]+/1\\.pdf$`));
    const pdf = await page.request.get(new URL(firstPdf, baseUrl).toString());
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');

    await dialog.getByRole('button', { name: /下一版/ }).click();
    await dialog.getByText(/^第2版（共\d版）$/).waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /\/2\.pdf(#|$)/);
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(/^第1版（共\d版）$/).waitFor();
  });
});
