import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { DraftDetail } from 'shared-sdk/contract';
import { signed } from '../support/api';
import { ACCOUNTS, openWriter, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

async function typeBody(page: Page, text: string): Promise<void> {
  await page.locator('.ql-editor').click();
  await page.keyboard.press('End');
  await page.keyboard.type(text, { delay: 20 });
}

const status = (page: Page) => page.getByTestId('save-status');

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^发\s*布$/ }).click();
  await page.getByText('发布成功，等待审核').waitFor();
}

function draftIdOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('draftId'));
}

async function draftContent(page: Page, id: number): Promise<string> {
  const answer = await signed<DraftDetail>(page, 'GET', '/api/draft/show', { id });
  return answer.data.nd_content;
}

async function seeInLibrary(page: Page, tab: string, title: string): Promise<void> {
  await page.goto(`${baseUrl}/personalScript`);
  await page.getByRole('tab', { name: tab }).click();
  await page.getByText(title).first().waitFor({ timeout: 30_000 });
}

describe('editor', () => {
  const harness = useBrowser();

  it('writes and publishes an article, which shows in the manuscript library', async () => {
    const { page } = await harness.loggedIn();
    await openWriter(page, '/scriptWrite');
    await page.getByLabel('标题').fill('黄河岸边的秋天（端到端）');
    await typeBody(page, '秋风吹过黄河滩，芦苇一片金黄。');
    await page.getByText('无封面').click();
    await publish(page);
    await page.getByRole('button', { name: '前往稿件库' }).click();
    await page.waitForURL(/\/personalScript/);
    await seeInLibrary(page, '文章', '黄河岸边的秋天（端到端）');
  });

  it('publishes a gallery of three library images with captions', async () => {
    const { page } = await harness.loggedIn();
    await openWriter(page, '/graphWrite');
    await page.getByLabel('标题').fill('田野与城市（端到端图集）');
    await page.getByRole('button', { name: /从素材库添加图片/ }).click();
    for (const name of ['春日田野', '城市夜景', '黄河日出'])
      await page
        .getByRole('button', { name: new RegExp(name) })
        .first()
        .click();
    await page.getByRole('button', { name: /确定（3\/50）/ }).click();
    await page.getByLabel('图片1说明').fill('春天的田野');
    await publish(page);
    await seeInLibrary(page, '图集', '田野与城市（端到端图集）');
  });

  it('publishes a post with a topic', async () => {
    const { page } = await harness.loggedIn();
    await openWriter(page, '/post');
    await page.getByLabel('动态内容').fill('今天去看了 #黄河日出# ，太美了（端到端动态）');
    await publish(page);
    await page.goto(`${baseUrl}/personalScript`);
    await page.getByRole('tab', { name: '动态' }).click();
    await page.getByText('审核中').first().waitFor({ timeout: 30_000 });
  });

  it('edits a draft from /draft and keeps the change', async () => {
    const { context, page } = await harness.loggedIn();
    await page.goto(`${baseUrl}/draft`);
    await page.getByRole('tab', { name: '图文' }).click();
    // The 全部 tab's items stay on show (dimmed) until the 图文 answer arrives: take an article's row, never a stale one.
    const item = page
      .getByTestId('draft-item')
      .filter({ has: page.locator('.ant-tag', { hasText: /^图文$/ }) })
      .first();
    await item.waitFor();
    const [tab] = await Promise.all([context.waitForEvent('page'), item.getByRole('button', { name: /^修改/ }).click()]);
    await tab.getByLabel('标题').waitFor({ timeout: 60_000 });
    const id = draftIdOf(tab);
    await typeBody(tab, '（修改后补充的一句）');
    await status(tab)
      .filter({ hasText: /已保存 \d{2}:\d{2}:\d{2}/ })
      .waitFor({ timeout: 20_000 });
    assert.match(await draftContent(tab, id), /修改后补充的一句/);
  });

  it('refuses an unverified creator in the page and on the server', async () => {
    const { page } = await harness.loggedIn(ACCOUNTS.unverified);
    await page.goto(`${baseUrl}/scriptWrite`);
    await page.getByText('请完成实名认证').first().waitFor({ timeout: 60_000 });
    assert.equal(await page.getByLabel('标题').count(), 0);
    const answer = await signed(page, 'POST', '/api/article/add', { save_type: 1, type: 1, title: '不该保存的稿件', content: '<p>x</p>' });
    assert.equal(answer.code, 1005);
  });

  it('goes on offline and saves by itself on reconnect', async () => {
    const { context, page } = await harness.loggedIn();
    await openWriter(page, '/scriptWrite');
    await page.getByLabel('标题').fill('断网也能写（端到端）');
    await typeBody(page, '在线写的第一句。');
    await status(page)
      .filter({ hasText: /已保存/ })
      .waitFor({ timeout: 20_000 });
    const id = draftIdOf(page);
    await context.setOffline(true);
    await typeBody(page, '断网时写的第二句。');
    await status(page).filter({ hasText: '离线，已保存在本机' }).waitFor({ timeout: 20_000 });
    await context.setOffline(false);
    await status(page)
      .filter({ hasText: /已保存 / })
      .waitFor({ timeout: 20_000 });
    assert.match(await draftContent(page, id), /断网时写的第二句。/);
  });

  it('a tab closed mid-typing offers every character back', async () => {
    const { context, page } = await harness.loggedIn();
    await openWriter(page, '/scriptWrite');
    const words = '关掉标签页之前写下的每一个字都在';
    await page.getByLabel('标题').fill('崩溃恢复测试稿');
    await typeBody(page, words);
    await page.waitForTimeout(1_200);
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await again.goto(`${baseUrl}/scriptWrite`);
    await again.getByText('发现未保存的内容').waitFor({ timeout: 60_000 });
    await again.getByRole('button', { name: '恢复本机内容' }).click();
    await again.locator('.ql-editor', { hasText: words }).waitFor();
    assert.equal(await again.getByLabel('标题').inputValue(), '崩溃恢复测试稿');
  });

  it('two tabs on one draft: the stale tab gets the conflict notice and nothing is overwritten', async () => {
    const { context, page: first } = await harness.loggedIn();
    await openWriter(first, '/scriptWrite');
    await first.getByLabel('标题').fill('两个标签页的草稿');
    await typeBody(first, '共同的开头。');
    await status(first)
      .filter({ hasText: /已保存/ })
      .waitFor({ timeout: 20_000 });
    const id = draftIdOf(first);
    const second = await context.newPage();
    await openWriter(second, `/scriptWrite?draftId=${id}`);
    await second.locator('.ql-editor', { hasText: '共同的开头。' }).waitFor();
    await typeBody(first, '第一个标签页的修改。');
    await typeBody(second, '第二个标签页的修改。');
    await second.getByRole('button', { name: /^保存草稿$/ }).click();
    await first.getByText('草稿已在其他页面更新，请选择保留哪个版本').waitFor({ timeout: 20_000 });
    assert.match(await draftContent(first, id), /第二个标签页的修改。/);
    assert.doesNotMatch(await draftContent(first, id), /第一个标签页的修改。/);
    await first.getByRole('button', { name: '另存为副本' }).click();
    await first.getByText('已另存为新的草稿').waitFor();
    assert.notEqual(draftIdOf(first), id);
    assert.match(await draftContent(first, draftIdOf(first)), /第一个标签页的修改。/);
    assert.match(await draftContent(first, id), /第二个标签页的修改。/);
  });
});
