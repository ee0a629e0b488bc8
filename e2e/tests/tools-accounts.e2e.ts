import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNTS, menuItem, openUserMenu, signIn, useBrowser } from '../support/browser';
import { baseUrl, dataDir, shot } from '../support/env';
import { noisePng } from '../support/images';
import { runAdmin } from '../support/server';

/**
 * The operator's step, exactly as an operator runs it: `admin certification-review`. The running
 * product holds the embedded database, so the CLI reaches it through DATA_DIR/operator.json and the
 * server applies the review with the same code the CLI would run on the database.
 */
const operator = (...args: string[]) => runAdmin(dataDir(), ...args);

async function openSidebarEntry(page: Page, group: string | null, label: string): Promise<void> {
  const entry = menuItem(page, label).last();
  // A group opens by itself when it appears (the sidebar's rule); a person clicks it only if it is
  // closed, since a click on an open group (or one still opening) closes it.
  const title = group ? menuItem(page, group).first() : null;
  if (title && !(await entry.isVisible()) && (await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await entry.click();
}

async function dropdownEnterpriseText(page: Page): Promise<string> {
  const item = await openUserMenu(page, /^企业认证/);
  const text = (await item.textContent()) ?? '';
  await page.mouse.move(5, 500);
  return text;
}

describe('tools and accounts', () => {
  const harness = useBrowser();
  let page: Page;

  before(async () => {
    page = await harness.signedInPage(ACCOUNTS.verified, { width: 1400, height: 900 });
  });

  it('every menu entry opens a real screen (政务号入驻 included), none a coming-soon page', async () => {
    const entries = [
      '/index',
      '/personalScript',
      '/draft',
      '/shortPlay',
      '/material/0',
      '/material/1',
      '/rank',
      '/rights',
      '/govAffairs',
      '/enterprise',
      '/helpCenter',
      '/tools/job/index',
    ];
    for (const entry of entries) {
      await page.goto(`${baseUrl}${entry}`);
      await page.waitForLoadState('networkidle');
      const text = (await page.locator('body').innerText()).trim();
      assert.ok(!text.includes('该功能正在建设中，敬请期待'), `${entry} is a coming-soon page`);
      assert.ok(!text.includes('页面加载失败'), `${entry} failed to load`);
    }
    await page.goto(`${baseUrl}/govAffairs`);
    await page.getByText('政务号入驻').first().waitFor();
    await page.getByText('机构名称').first().waitFor();
    await shot(page, 'gov-affairs');
    await page.goto(`${baseUrl}/index`);
  });

  it('an enterprise application goes to review; once the operator approves it the dropdown shows 已认证', async () => {
    await openSidebarEntry(page, null, '企业');
    await page.getByText('企业认证', { exact: true }).first().waitFor();
    await page.getByLabel('企业名称').fill('郑州端到端传媒有限公司');
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByText('统一社会信用代码不正确，请核对18位代码').waitFor();
    await page.getByLabel('统一社会信用代码').fill('91350100m000100y43');
    await page.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: noisePng(64, 3) });
    await page.getByTestId('licence-preview').waitFor({ timeout: 60_000 });
    await page.getByLabel('联系人').fill('李经理');
    await page.getByLabel('联系电话').fill('13912345678');
    await shot(page, 'enterprise-form');
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.getByText('审核中：申请已提交，等待审核').waitFor();
    await page.getByText('91350100M000100Y43').waitFor();
    assert.equal(await dropdownEnterpriseText(page), '企业认证（审核中）');

    assert.match(await operator('certification-queue'), /13800000001\tenterprise\t2\t91350100M000100Y43/);
    assert.match(await operator('certification-review', '--phone', ACCOUNTS.verified, '--kind', 'enterprise', '--decision', 'approve'), /now 1/);

    await page.reload();
    await page.getByText('已认证', { exact: true }).waitFor();
    assert.equal(await dropdownEnterpriseText(page), '企业认证（已认证）');
    assert.equal(await page.getByRole('button', { name: '提交认证' }).count(), 0, 'no second application');
    await shot(page, 'enterprise-certified');
    // cert_type 24 arrives with the user info of the next login: the badge icon.
    await (await openUserMenu(page, '退出登录')).click();
    await page.waitForURL(/\/login/);
    await signIn(page, baseUrl, ACCOUNTS.verified);
    await page.getByLabel('企业认证标识').waitFor();
  });

  it('a job post is created, paused and closed for good', async () => {
    await openSidebarEntry(page, '工具', '招聘管理');
    await page.waitForURL(/\/tools\/job\/index$/);
    await page.locator('.job-row').first().waitFor();
    await page.getByRole('button', { name: /发布职位/ }).click();
    await page.waitForURL(/\/tools\/job\/add$/);
    await page.getByLabel('职位名称').fill('端到端编导');
    await page.getByLabel('最低月薪').fill('12000');
    await page.getByLabel('最高月薪').fill('8000');
    await page.getByLabel('工作城市').fill('郑州');
    await page.getByLabel('职位描述').fill('负责短视频的策划、拍摄和剪辑工作。');
    await page.getByLabel('联系人').fill('王经理');
    await page.getByLabel('联系电话').fill('0371-65795000');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('最低月薪不能高于最高月薪').waitFor();
    await page.getByLabel('最高月薪').fill('15000');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/tools\/job\/index$/);

    const row = page.locator('.job-row', { hasText: '端到端编导' });
    await row.getByText('招聘中').waitFor();
    await row.getByText('12K-15K/月').waitFor();
    await row.getByRole('button', { name: '暂停招聘' }).click();
    await row.getByText('已暂停').waitFor();
    await row.getByRole('button', { name: /^关\s*闭$/ }).click();
    await page.getByText('关闭后不可恢复，确定关闭该职位吗？').waitFor();
    await page.getByRole('button', { name: '关闭职位' }).click();
    await row.getByText('已关闭，不可操作').waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'no action left on a closed post');
    await shot(page, 'job-list');
  });

  it('a series is created and shows in /shortPlay; 新增剧集 opens the episode editor in a new tab', async () => {
    await openSidebarEntry(page, '稿件管理', '短剧');
    await page.waitForURL(/\/shortPlay$/);
    await page.getByTestId('drama-card').first().waitFor();
    await page.getByRole('button', { name: /新建短剧/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('短剧名称').fill('端到端短剧');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const card = page.getByTestId('drama-card').filter({ hasText: '端到端短剧' });
    await card.waitFor();
    await card.getByText('共0集').waitFor();
    await card.getByText('连载中').waitFor();
    await shot(page, 'short-play');
    await card.click();
    await page.waitForURL(/\/shortPlay\/detail\?id=\d+$/);
    const id = /id=(\d+)/.exec(page.url())?.[1];
    await page.getByText('还没有剧集，点击“新增剧集”上传第一集').waitFor();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /新增剧集/ }).click()]);
    await tab.waitForLoadState('domcontentloaded');
    assert.equal(new URL(tab.url()).pathname + new URL(tab.url()).search, `/episode?dramaId=${id}`);
    await tab.close();
  });

  it('a user without the tool or the authority sees neither menu entry, and the server refuses the data', async () => {
    const other = await harness.signedInPage(ACCOUNTS.unverified);
    // The sidebar's groups open by themselves: 草稿箱 shows without a click (a click would close 稿件管理).
    await menuItem(other, '草稿箱').waitFor();
    assert.equal(await menuItem(other, '短剧').count(), 0);
    assert.equal(await menuItem(other, '工具').count(), 0);
    assert.equal(await menuItem(other, '招聘管理').count(), 0);

    await other.goto(`${baseUrl}/tools/job/index`);
    await other.getByText('未开通招聘管理工具').waitFor();
    assert.equal(await other.locator('.job-row').count(), 0);
    await other.goto(`${baseUrl}/shortPlay`);
    await other.getByText('未开通短剧权限').waitFor();
    assert.equal(await other.getByTestId('drama-card').count(), 0);
  });
});
