import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNTS, menuItem, useBrowser } from '../support/browser';

const COMING_SOON = '该功能正在建设中，敬请期待';

describe('creation score, rank, rights and help centre', () => {
  const harness = useBrowser();
  let page: Page;

  before(async () => {
    page = await harness.signedInPage(ACCOUNTS.verified, { width: 1400, height: 900 });
  });

  it('the home page shows the score with its dimensions and leads to the rights centre', async () => {
    const card = page.getByTestId('score-card');
    await card.waitFor();
    for (const name of ['创作', '活跃', '质量', '互动', '信用']) assert.ok(await card.getByText(name, { exact: true }).isVisible());
    await page.getByRole('link', { name: '查看权益与历史' }).click();
    await page.waitForURL(/\/rights$/);
    await page.getByTestId('score-chart').waitFor();
    assert.equal(await page.getByTestId('score-chart').locator('circle').count(), 30);
  });

  it('a right can be applied for and goes to review', async () => {
    await menuItem(page, '权益中心').click();
    // Seeded: 原创标 granted, 赞赏 refused with a reason (it may be applied for again), 付费专栏 locked.
    const appreciation = page.getByTestId('right-appreciation');
    await appreciation.waitFor();
    await page.getByTestId('right-original').getByText('已开通').waitFor();
    await page.getByTestId('right-column').getByText('未解锁').waitFor();
    await appreciation.getByText(/未通过原因/).waitFor();
    await appreciation.getByRole('button', { name: '重新申请' }).click();
    await page.getByText('申请已提交，请等待审核').waitFor();
    await appreciation.getByText('审核中').waitFor();
    await page.reload();
    await page.getByTestId('right-appreciation').getByText('审核中').waitFor();
    assert.equal(await page.getByTestId('right-appreciation').getByRole('button').count(), 0);
    assert.equal(await page.getByText(COMING_SOON).count(), 0);
  });

  it('排行榜 opens in a new window without the sidebar, with my row', async () => {
    const [popup] = await Promise.all([page.context().waitForEvent('page'), menuItem(page, '排行榜').click()]);
    await popup.waitForURL(/\/rank$/);
    await popup.getByText('创作者排行榜').waitFor();
    // The list arrives after the page: wait for its rows, then my own row below them.
    await popup.getByTestId('rank-row').nth(10).waitFor();
    await popup
      .getByTestId('my-rank')
      .filter({ hasText: /我的排名：第 \d+ 名/ })
      .waitFor();
    assert.equal(await popup.getByRole('menuitem').count(), 0, 'no sidebar');
    // Rows past the first 20 come in a deferred render: my row (67th in the demo data) among them.
    const mine = popup.locator('[data-testid="rank-row"][aria-current="true"]');
    await mine.waitFor();
    assert.equal(await mine.count(), 1, 'my row is highlighted');
    await popup.getByRole('tab', { name: '月榜' }).click();
    await popup.getByRole('tab', { name: '视频' }).click();
    await popup.getByTestId('my-rank').waitFor();
    assert.equal(await popup.getByText(COMING_SOON).count(), 0);
    await popup.close();
  });

  it('the help centre lists categories, opens an article and searches', async () => {
    await menuItem(page, '帮助中心').click();
    await page.waitForURL(/\/helpCenter/);
    await page.getByRole('link', { name: '创作者中心快速入门' }).click();
    await page.getByTestId('help-article').locator('h1', { hasText: '创作者中心快速入门' }).waitFor();
    await page.getByPlaceholder('搜索帮助文章，例如：实名认证').fill('申诉');
    await page.getByPlaceholder('搜索帮助文章，例如：实名认证').press('Enter');
    await page.getByRole('link', { name: '账号封禁与申诉' }).click();
    await page.getByTestId('help-article').locator('h1', { hasText: '账号封禁与申诉' }).waitFor();
    assert.equal(await page.getByText(COMING_SOON).count(), 0);
  });
});
