import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { signedFromPage } from '../support/api';
import { ACCOUNTS, type BrowserHarness, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

async function openDrafts(harness: BrowserHarness, phone: string): Promise<Page> {
  const page = await harness.signedInPage(phone);
  await page.goto(`${baseUrl}/draft`);
  await page.getByTestId('draft-item').first().waitFor();
  return page;
}

describe('drafts', () => {
  const harness = useBrowser();

  it('hovering 草稿箱 loads the screen and its list before the click; the click sends no second list call', async () => {
    const page = await harness.signedInPage(ACCOUNTS.verified);
    // As a person would: the home page has settled (the sidebar redraws once its 短剧 check has
    // answered; a pointer resting on an entry that was replaced under it sends no new hover).
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    const screenCode: string[] = [];
    // The home page lists a few recent drafts itself (size 5); 草稿箱's list asks for 10.
    const isListCall = (url: string) => new URL(url).pathname === '/api/draft/search' && new URL(url).searchParams.get('size') === '10';
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (isListCall(request.url())) calls.push(request.url());
      if (/__federation_expose_DraftList\.[^/]*\.js$/.test(pathname)) screenCode.push(pathname);
    });
    const entry = page
      .locator('.ant-layout-sider')
      .getByRole('menuitem')
      .filter({ hasText: /^\s*草稿箱\s*$/ });
    const answered = page.waitForResponse((response) => isListCall(response.url()));
    // A pointer that comes to rest on an entry React has just redrawn under it gets no mouseenter; a
    // person's pointer moves on and comes back. So does this one, up to three times (each a real hover).
    for (let attempt = 1; ; attempt += 1) {
      await entry.hover();
      const arrived = await Promise.race([answered.then(() => true), page.waitForTimeout(5000).then(() => false)]);
      if (arrived || attempt === 3) break;
      await page.mouse.move(0, 0);
    }
    await answered;
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /__federation_expose_DraftList/.test(entry.name)));
    assert.equal(page.url(), `${baseUrl}/index`, 'nothing navigated yet');
    assert.equal(screenCode.length, 1, 'the screen code was fetched on hover');
    await entry.click();
    await page.getByTestId('draft-item').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(calls.length, 1, `one list call, the one started on hover: ${calls.join(', ')}`);

    // Opened cold with a keyword: one list call, the keyword's, started as the route is entered.
    calls.length = 0;
    await page.goto(`${baseUrl}/draft?title=${encodeURIComponent('黄河')}`);
    await page.getByTestId('draft-item').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      calls.map((url) => new URL(url).searchParams.get('title')),
      ['黄河'],
    );
  });

  it('searches by keyword and keeps it in the URL', async () => {
    const page = await openDrafts(harness, ACCOUNTS.verified);
    await page.getByPlaceholder('请输入草稿标题').fill('黄河');
    await page.getByPlaceholder('请输入草稿标题').press('Enter');
    await page.waitForURL(/title=/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="draft-item"]').length === 3);
    for (const text of await page.getByTestId('draft-item').allInnerTexts()) assert.match(text, /黄河/);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="draft-item"]').length === 3);
  });

  it('opens the detail, whose stored script does not run', async () => {
    const page = await openDrafts(harness, ACCOUNTS.verified);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    // The seed's second draft carries markup pasted from a web page, script included.
    await page.goto(`${baseUrl}/draft?title=${encodeURIComponent('郑州城市更新观察（视频）')}`);
    await page.getByRole('link', { name: '郑州城市更新观察（视频）' }).click();
    await page.waitForURL(/\/scriptDetail\?draftId=\d+/);
    const body = page.getByTestId('draft-body');
    await body.waitFor();
    const html = await body.innerHTML();
    assert.ok(html.includes('这段内容从网页粘贴而来'), 'the seeded pasted body is shown');
    assert.doesNotMatch(html, /<script|onerror|javascript:/i);
    await page.waitForTimeout(500);
    assert.equal(dialogs, 0, 'no alert ran');
  });

  it('修改 opens the editor of the draft type in a new tab with draftId', async () => {
    const page = await openDrafts(harness, ACCOUNTS.verified);
    await page.getByRole('tab', { name: '视频' }).click();
    await page.waitForURL(/type=2/);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="draft-item"]')].every((el) => el.textContent?.includes('（视频）')));
    const item = page.getByTestId('draft-item').first();
    const link = await item.getByRole('link').getAttribute('href');
    const id = /draftId=(\d+)/.exec(link ?? '')?.[1];
    const [tab] = await Promise.all([page.context().waitForEvent('page'), item.getByRole('button', { name: /^修改/ }).click()]);
    await tab.waitForLoadState('domcontentloaded');
    assert.match(tab.url(), new RegExp(`/videoWrite\\?draftId=${id}$`));
    await tab.close();
  });

  it('删除 asks for confirmation, then deletes (删除成功!)', async () => {
    const page = await openDrafts(harness, ACCOUNTS.verified);
    const total = await page.getByText(/共 \d+ 条/).innerText();
    const item = page.getByTestId('draft-item').first();
    const title = await item.getByRole('link').innerText();
    await item.getByRole('button', { name: /^删除/ }).click();
    await page.getByText('确定要删除该条草稿吗?').filter({ visible: true }).waitFor();
    // The server's answer is read too, so that a failure says whether the call went out and what came back.
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/draft/del'),
      page.getByRole('button', { name: /确\s*定/ }).click(),
    ]);
    assert.deepEqual(await response.json(), { code: 0, msg: '删除成功!', data: null });
    await page.getByText('删除成功!').waitFor();
    await page.waitForFunction((before) => !document.body.innerText.includes(before), total);
    assert.equal(await page.getByRole('link', { name: title, exact: true }).count(), 0);
  });

  it('an unverified creator is stopped: the real-name dialog, or at least the server refuses', async () => {
    const page = await openDrafts(harness, ACCOUNTS.unverified);
    const item = page.getByTestId('draft-item').first();
    const href = (await item.getByRole('link').getAttribute('href')) ?? '';
    await item.getByRole('button', { name: /^删除/ }).click();
    const dialogShown = await page
      .getByText('请完成实名认证')
      .first()
      .waitFor({ timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    assert.equal(await page.getByText('确定要删除该条草稿吗?').count(), 0, 'no confirmation for an unverified creator');
    if (!dialogShown) {
      const id = /draftId=(\d+)/.exec(href)?.[1] ?? '';
      const answer = await signedFromPage(page, baseUrl, 'POST', '/api/draft/del', { ids: id, global_ids: '' });
      assert.equal(answer.code, 1005);
      assert.equal(answer.msg, '请完成实名认证');
    }
  });
});
