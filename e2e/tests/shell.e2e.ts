import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ApiEnvelope } from 'shared-sdk/contract';
import type { releases as schemas } from 'shared-sdk/contract/schemas';
import { releases } from 'shared-sdk/contract/calls';
import { ACCOUNTS, login, openUserMenu, signIn, useBrowser } from '../support/browser';
import { baseUrl, dataDir } from '../support/env';
import { operatorToken } from '../support/operator';

async function openCreation(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /内容创作/ }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** Clicks a sidebar entry, opening its group first when the group is folded. */
async function openSidebarEntry(page: Page, group: string, label: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: label, exact: true });
  if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group, exact: true }).click();
  await entry.click();
}

/**
 * Waits for the ban dialog with its appeal form, closes it with its own close button as a person does,
 * and waits until it is gone (before the next menu). Exactly one such dialog may be open.
 */
async function closeBanDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '账号已被封禁' });
  await dialog.getByRole('button', { name: /提交申诉/ }).waitFor();
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('shell', () => {
  const harness = useBrowser();

  it('an unverified user who picks 文章 gets the real-name dialog', async () => {
    const page = await harness.signedInPage(ACCOUNTS.unverified);
    await openCreation(page, '文章');
    await page.getByText('请完成实名认证').waitFor();
    await page.getByText('请打开客户端，进入「我的」，点击「实名认证」完成认证').waitFor();
  });

  it('ban 1 range "1": 文章 shows the ban dialog, 动态 opens a new tab', async () => {
    const page = await harness.signedInPage(ACCOUNTS.banContent);
    await openCreation(page, '文章');
    await closeBanDialog(page);
    const [editor] = await Promise.all([page.context().waitForEvent('page'), openCreation(page, '动态')]);
    await editor.waitForURL(/\/post$/);
    await editor.close();
  });

  it('ban 1 range "3": 动态 shows the ban dialog, 文章 opens a new tab', async () => {
    const page = await harness.signedInPage(ACCOUNTS.banPost);
    await openCreation(page, '动态');
    await closeBanDialog(page);
    const [editor] = await Promise.all([page.context().waitForEvent('page'), openCreation(page, '文章')]);
    await editor.waitForURL(/\/scriptWrite$/);
    await editor.close();
  });

  it('ban 2 is refused at login with the ban reason, and stays on /login', async () => {
    const page = await harness.newPage();
    await login(page, baseUrl, ACCOUNTS.banLogout);
    // The server refuses the login (1006) with the reason; the login page shows its message.
    await page
      .getByText(/^账号已被封禁，已退出登录（.+）$/)
      .first()
      .waitFor();
    assert.match(page.url(), /\/login/);
  });

  it('more than 99 unread notices show 99+ on the bell', async () => {
    const page = await harness.signedInPage(ACCOUNTS.manyNotices);
    await page.getByTestId('notice-bell').getByText('99+').waitFor();
  });

  it('shows the 404 page on an unknown path', async () => {
    const page = await harness.signedInPage(ACCOUNTS.verified);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
  });

  it('sends an anonymous visitor of /draft to /login', async () => {
    const page = await harness.newPage();
    await page.goto(`${baseUrl}/draft`);
    await page.waitForURL(/\/login/);
  });
  it('退出登录 ends the session: back on /login, and /index is closed again', async () => {
    const page = await harness.signedInPage(ACCOUNTS.verified);
    await (await openUserMenu(page, '退出登录')).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${baseUrl}/index`);
    await page.waitForURL(/\/login/);
  });

  it('a token the server no longer knows (code -1) sends the user to /login with 登录已过期，请重新登录', async () => {
    const page = await harness.signedInPage(ACCOUNTS.verified);
    await page.evaluate(() => {
      const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('userInfo', JSON.stringify({ ...info, token: 'revoked-or-expired-token' }));
    });
    await page.goto(`${baseUrl}/draft`);
    await page.waitForURL(/\/login/);
    await page.getByText('登录已过期，请重新登录').first().waitFor();
  });

  it('a remote whose files cannot be fetched shows 页面加载失败 with 重试, the rest keeps working, and 重试 recovers', async () => {
    const page = await harness.newPage();
    // The drafts remote's files are unreachable (its CDN or release folder is down) for this browser only.
    const blocked = /\/(releases|remotes)\/mf-drafts\//;
    let failed = 0;
    await page.route(blocked, (route) => {
      failed += 1;
      return route.abort('connectionrefused');
    });
    await signIn(page, baseUrl, ACCOUNTS.verified);
    await page.goto(`${baseUrl}/draft`);
    await page.getByText('页面加载失败').waitFor({ timeout: 60_000 });
    assert.ok(failed > 0, 'the drafts remote was requested');
    const retry = page.getByRole('button', { name: /重\s*试/ });
    await retry.waitFor();

    // The shell and the other remotes are untouched: the header is there and 我的素材 opens.
    await page.getByTestId('notice-bell').waitFor();
    await openSidebarEntry(page, '素材', '我的素材');
    await page.waitForURL(/\/material\/0/);
    await page.getByRole('button', { name: /上传素材/ }).waitFor();

    // Back on the broken screen, the files come back: 重试 loads it in the same page.
    await openSidebarEntry(page, '稿件管理', '草稿箱');
    await page.waitForURL(/\/draft/);
    await retry.waitFor();
    await page.unroute(blocked);
    await retry.click();
    await page.getByRole('tab', { name: '图文' }).waitFor({ timeout: 60_000 });
    assert.equal(await page.getByText('页面加载失败').count(), 0);
  });

  it('a page closed within seconds, before anyone touched it, still reports its largest paint', async () => {
    // What the server counted, as the console's 发布 screen reads it: mf-tools' measured LCP views.
    const token = await operatorToken(baseUrl, dataDir());
    const lcpViews = async () => {
      const res = await fetch(`${baseUrl}${releases.releaseHealth.url}?remote=mf-tools`, { headers: { authorization: `Bearer ${token}` } });
      const health = (await res.json()) as ApiEnvelope<schemas.ReleaseHealth>;
      assert.equal(health.code, 0, health.msg);
      return health.data.versions.reduce((sum, version) => sum + version.vitals.LCP.views, 0);
    };
    const context = await harness.signedInContext(ACCOUNTS.verified);
    const before = await lcpViews();

    const page = await context.newPage();
    await page.goto(`${baseUrl}/rank`);
    await page.getByText('创作者排行榜').waitFor();
    // Painted (the next frame), then closed: well within the 10 s after which web-vitals would load
    // by itself, and no pointer or key moved.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300)))');
    await page.close({ runBeforeUnload: true });
    let after = before;
    for (let i = 0; i < 50 && after <= before; i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await lcpViews();
    }
    assert.equal(after, before + 1, "the closed page's LCP is counted for mf-tools, once");
  });
});
