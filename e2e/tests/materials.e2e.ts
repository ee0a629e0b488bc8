import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNTS, signIn, useBrowser } from '../support/browser';
import { baseUrl, dataDir, shot } from '../support/env';
import { noisePng } from '../support/images';
import { runAdmin } from '../support/server';

/** Whether `done()` holds within `ms` (checked every 50 ms). */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (done()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return done();
}

/** The operator step: the CLI reaches the running server through DATA_DIR (it cannot open PGlite itself). */
async function approve(id: number): Promise<void> {
  const stdout = await runAdmin(dataDir(), 'material-audit', '--id', String(id), '--status', '2');
  assert.match(stdout, /is now 2/);
}

describe('materials', () => {
  const harness = useBrowser();
  let page: Page;
  const suffix = Date.now() % 100000;
  const title = `E2E素材${suffix}`;
  const tag = `风光${suffix}`;
  let ids: number[] = [];

  before(async () => {
    page = await harness.signedInPage(ACCOUNTS.verified, { width: 1400, height: 900 });
  });

  it('hovering 公共素材 starts its list beside its code; the click sends no second list call', async () => {
    const tab = await harness.newPage();
    const authorityChecks: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/microDrama/isHasAuth') authorityChecks.push(request.url());
    });
    await signIn(tab, baseUrl, ACCOUNTS.verified);
    // The sidebar draws once its 短剧 check has answered (asked for as the layout's code loads), so
    // 短剧 never appears later above the materials group, moving 我的素材 under a pointer on 公共素材.
    const sider = tab.locator('.ant-layout-sider');
    const entry = sider.getByRole('menuitem').filter({ hasText: /^\s*公共素材\s*$/ });
    await entry.waitFor();
    assert.equal(
      await sider
        .getByRole('menuitem')
        .filter({ hasText: /^\s*短剧\s*$/ })
        .count(),
      1,
      '短剧 is drawn with the rest',
    );
    assert.equal(authorityChecks.length, 1, 'the check started early is the one the layout uses');
    // The list's form fields (a POST sends them signed in its body).
    const lists: { all: string | null; cm_title: string | null }[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/material/list') return;
      const fields = new URLSearchParams(request.postData() ?? '');
      lists.push({ all: fields.get('all'), cm_title: fields.get('cm_title') });
    });
    const answered = tab.waitForResponse((response) => new URL(response.url()).pathname === '/api/material/list');
    await entry.hover();
    // On a busy machine the pointer can arrive as the sidebar is drawn again: it then points once more,
    // as a creator would (a hover that starts nothing fails below all the same).
    if (!(await until(() => lists.length > 0, 5_000))) {
      await tab.mouse.move(700, 300);
      await entry.hover();
    }
    await answered;
    assert.equal(tab.url(), `${baseUrl}/index`, 'nothing navigated yet');
    await entry.click();
    await tab.locator('[data-testid=material-card]', { hasText: '嵩山云海' }).waitFor();
    await tab.waitForLoadState('networkidle');
    assert.deepEqual(
      lists.map((body) => body.all),
      ['1'],
      'one list call, the public one started on hover',
    );

    // 我的素材 opened cold with a keyword: one list call, the keyword's, started as the route is entered.
    lists.length = 0;
    await tab.goto(`${baseUrl}/material/0?keyword=${encodeURIComponent('春日')}`);
    await tab.locator('[data-testid=material-card]', { hasText: '春日田野' }).waitFor();
    await tab.waitForLoadState('networkidle');
    assert.deepEqual(
      lists.map((body) => [body.all, body.cm_title]),
      [['0', '春日']],
    );
  });

  it('uploads two images straight to storage with a new tag; they are listed as 未审核 in my materials', async () => {
    await page.goto(`${baseUrl}/material/add`);
    await page.getByText('素材名称').waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'small.png', mimeType: 'image/png', buffer: noisePng(16) },
      // About 300 KB: goes through the multipart protocol.
      { name: 'large.png', mimeType: 'image/png', buffer: noisePng(320, 7) },
    ]);
    await page.locator('[data-testid=upload-item] img').nth(1).waitFor({ timeout: 60_000 });
    await page.getByPlaceholder('请输入素材名称').fill(title);
    await page.getByPlaceholder('请输入素材描述').fill('端到端测试上传的两张图片');
    await page.getByRole('combobox', { name: '标签' }).fill(tag);
    await page.getByText(`创建标签：${tag}`).click();
    await page.locator('.ant-select-selection-item', { hasText: tag }).waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'material-add');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('添加素材成功').waitFor();
    await page.waitForURL(/\/material\/0/);
    await page.getByRole('button', { name: '上传素材' }).waitFor();
    const cards = page.locator('[data-testid=material-card]', { hasText: title });
    await cards.first().waitFor();
    assert.equal(await cards.count(), 2);
    assert.equal(await cards.filter({ hasText: '未审核' }).count(), 2);
    await shot(page, 'material-list-mine');
    const hrefs = await cards.locator('a[href*="materialId="]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    ids = hrefs.map((href) => Number(/materialId=(\d+)/.exec(href)?.[1]));
    assert.equal(ids.length, 2);
  });

  it('appears in all materials once an operator approves it', async () => {
    for (const id of ids) await approve(id);
    await page.goto(`${baseUrl}/material/1?keyword=${encodeURIComponent(title)}`);
    await page.locator('[data-testid=material-card]', { hasText: title }).first().waitFor();
    assert.equal(await page.locator('[data-testid=material-card]', { hasText: title }).count(), 2);
    await shot(page, 'material-list-all');
  });

  it('shows the detail with its log, downloads, and opens the editor with materialId on 使用', async () => {
    const id = ids[0] ?? 0;
    await page.goto(`${baseUrl}/material/detail?materialId=${id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载' }).click();
    await page.getByText('素材操作成功').waitFor();
    assert.match((await download).suggestedFilename(), new RegExp(`^${title}\\.png$`));

    await page.getByRole('button', { name: '使用' }).click();
    await page.getByText('选择稿件类型').waitFor();
    const editor = page.context().waitForEvent('page');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const tab = await editor;
    await tab.waitForLoadState();
    assert.match(tab.url(), new RegExp(`/scriptWrite\\?materialId=${id}$`));
    await tab.close();

    await page.reload();
    await page.getByRole('tab', { name: '操作记录' }).click();
    for (const action of ['上传', '审核通过', '下载', '使用']) await page.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await page.getByRole('tab', { name: '使用稿件' }).click();
    await page.getByRole('cell', { name: '文章' }).waitFor();
    await shot(page, 'material-detail');
  });

  it('deletes an own material after confirmation', async () => {
    await page.goto(`${baseUrl}/material/0?keyword=${encodeURIComponent(title)}`);
    const card = page.locator('[data-testid=material-card]', { hasText: title }).first();
    await card.waitFor();
    await card.getByRole('button', { name: '删除' }).click();
    await page.getByText('确认删除该条素材？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('删除素材成功').waitFor();
    await page.waitForFunction((t) => document.querySelectorAll('[data-testid=material-card]').length === 1 && document.body.innerText.includes(t), title);
  });
});
