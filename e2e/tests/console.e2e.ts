/**
 * The operators' console end to end, as the people who use it: the platform's first admin (made on
 * the command line by the harness) signs in with TOTP and adds a moderator; the moderator signs in
 * with TOTP (the enrolment shown once), approves a material a creator uploaded (the creator then sees
 * 审核通过 and downloads it), rejects another with a reason the creator reads in its records and
 * notices, and keeps a ban on appeal with a reply the creator reads in notices. axe-core finds nothing
 * on the sign-in and on every signed-in screen.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialogOpened } from '../support/a11y-screens';
import { axeViolations, describeViolations } from '../support/axe';
import type { Locator } from 'playwright-core';
import { ACCOUNTS, type BrowserContext, type Page, signIn, useBrowser } from '../support/browser';
import { baseUrl, dataDir } from '../support/env';
import { noisePng } from '../support/images';
import { nextCode } from '../support/operator';
import { bootstrapOperator } from '../support/server';

const VIEWPORT = { width: 1400, height: 900 };
/** The console's sign-in as an operator goes through it; `secret` when the account is already enrolled, else read off the enrolment. */
async function signInToConsole(page: Page, name: string, password: string, secret?: string): Promise<string> {
  await page.bringToFront();
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('账号').fill(name);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('验证码').waitFor();
  let key = secret;
  if (!key) {
    // The first sign-in shows the QR code and its key, once.
    await page.getByRole('img', { name: '身份验证器二维码' }).waitFor();
    key = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  }
  await page.getByLabel('验证码').fill(await nextCode(key));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('console-operator').filter({ hasText: name }).waitFor();
  return key;
}

const screenAxe: string[] = [];
async function assertNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  screenAxe.push(`${screen}: ${violations.reduce((n, v) => n + v.elements.length, 0)}`);
  assert.equal(violations.length, 0, `axe found:\n${describeViolations(screen, violations)}`);
}

/**
 * An antd dialog done opening (a11y-screens' dialogOpened); if it never gets there, the error says
 * what each dialog of the page was doing (its opacity and the animations still running in it).
 */
async function opened(dialog: Locator): Promise<void> {
  try {
    await dialogOpened(dialog);
  } catch (error) {
    const state = await dialog.page().evaluate(() =>
      [...document.querySelectorAll('.ant-modal')].map((modal) => ({
        title: modal.querySelector('.ant-modal-title')?.textContent ?? '',
        className: modal.className,
        opacity: getComputedStyle(modal).opacity,
        running: modal
          .getAnimations({ subtree: true })
          .filter((a) => a.playState === 'running')
          .map(
            (a) =>
              `${(a as CSSAnimation).animationName ?? 'transition'} on ${((a.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '?'}`,
          ),
      })),
    );
    throw new Error(`${(error as Error).message}\nthe page's dialogs: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** A console screen in its loaded state (no spinner, no table loading). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

describe('operators’ console', () => {
  const harness = useBrowser();
  let adminContext: BrowserContext;
  let moderatorContext: BrowserContext;
  let creatorContext: BrowserContext;
  let admin: Page;
  let moderator: Page;
  let creator: Page;
  const suffix = Date.now() % 100000;
  const moderatorName = `e2e-mod-${suffix}`;
  let moderatorPassword = '';
  const approvedTitle = `待通过素材${suffix}`;
  const rejectedTitle = `待驳回素材${suffix}`;
  const rejectReason = `图片含有水印${suffix}，请换一张`;
  const appealText = `我的文章均为原创，请复核${suffix}`;
  const appealReply = `经复核仍存在抄袭内容${suffix}，维持封禁`;
  const ids = new Map<string, number>();

  before(async () => {
    // axe is injected as an inline script, which the product's CSP forbids: only the console's contexts bypass it.
    adminContext = await harness.browser.newContext({ bypassCSP: true, viewport: VIEWPORT });
    moderatorContext = await harness.browser.newContext({ bypassCSP: true, viewport: VIEWPORT, acceptDownloads: true });
    creatorContext = await harness.browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
    admin = await adminContext.newPage();
    moderator = await moderatorContext.newPage();
    creator = await creatorContext.newPage();
  });
  after(async () => {
    console.info(`axe violations (elements) per console screen:\n  ${screenAxe.join('\n  ')}`);
  });

  it('the sign-in passes axe', async () => {
    await moderator.bringToFront();
    await moderator.goto(`${baseUrl}/console`);
    await moderator.getByLabel('账号').waitFor();
    await settled(moderator);
    await assertNoAxeViolations(moderator, 'sign-in');
  });

  it('the first admin signs in with TOTP and adds a moderator (initial password shown once); 操作员 passes axe', async () => {
    const first = bootstrapOperator(dataDir());
    await signInToConsole(admin, first.name, first.password, first.secret);
    await admin.getByRole('menuitem', { name: '操作员' }).click();
    await admin.waitForURL(/\/console\/operators$/);
    await admin.getByRole('cell', { name: first.name, exact: true }).waitFor();
    await settled(admin);
    await assertNoAxeViolations(admin, '操作员');

    await admin.getByRole('button', { name: '添加操作员' }).click();
    const dialog = admin.getByRole('dialog', { name: '添加操作员' });
    await opened(dialog);
    await assertNoAxeViolations(admin, '操作员, 添加操作员 dialog');
    await dialog.getByLabel('账号').fill(moderatorName);
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    const shown = admin.getByRole('dialog', { name: '初始密码' });
    await opened(shown);
    moderatorPassword = ((await shown.getByTestId('shown-once').textContent()) ?? '').trim();
    assert.ok(moderatorPassword.length >= 8, 'an initial password is shown');
    await shown.getByRole('button', { name: '我已记下' }).click();
    await shown.waitFor({ state: 'hidden' });
    const row = admin.getByRole('row').filter({ hasText: moderatorName });
    await row.filter({ hasText: '待首次登录绑定' }).waitFor();
    assert.match((await row.textContent()) ?? '', /审核员|moderator/);
  });

  async function upload(title: string, seed: number): Promise<number> {
    await creator.goto(`${baseUrl}/material/add`);
    await creator.getByText('素材名称').waitFor();
    await creator.locator('input[type=file]').setInputFiles([{ name: `${title}.png`, mimeType: 'image/png', buffer: noisePng(48, seed) }]);
    await creator.locator('[data-testid=upload-item] img').first().waitFor({ timeout: 60_000 });
    await creator.getByPlaceholder('请输入素材名称').fill(title);
    await creator.getByPlaceholder('请输入素材描述').fill('端到端测试：等待运营审核的图片');
    await creator.getByRole('button', { name: /提\s*交/ }).click();
    await creator.getByText('添加素材成功').waitFor();
    await creator.waitForURL(/\/material\/0/);
    const card = creator.locator('[data-testid=material-card]', { hasText: title });
    await card.filter({ hasText: '未审核' }).waitFor();
    const href = (await card.locator('a[href*="materialId="]').first().getAttribute('href')) ?? '';
    const id = Number(/materialId=(\d+)/.exec(href)?.[1]);
    assert.ok(id > 0, `the card links to its detail: ${href}`);
    return id;
  }

  it('the moderator signs in with TOTP, enrolling at the first sign-in, and looks at the queue before the creator uploads', async () => {
    assert.ok(moderatorPassword, 'the admin added the moderator');
    await signInToConsole(moderator, moderatorName, moderatorPassword);
    // A moderator has no 操作员 screen.
    await moderator.getByRole('menuitem', { name: '我的账号' }).waitFor();
    assert.equal(await moderator.getByRole('menuitem', { name: '操作员' }).count(), 0);
    // The queue as it stands, then back home: coming back later must show what arrived meanwhile.
    await moderator.getByRole('menuitem', { name: '审核' }).click();
    await moderator.getByRole('tab', { name: /素材/, selected: true }).waitFor();
    await settled(moderator);
    assert.equal(await moderator.locator('tr.material-row', { hasText: approvedTitle }).count(), 0);
    await moderator.getByRole('menuitem', { name: '首页' }).click();
    await moderator.getByTestId('queue-materials').waitFor();
  });

  it('a creator uploads two images; each waits as 未审核', async () => {
    await creator.bringToFront();
    await signIn(creator, baseUrl, ACCOUNTS.verified);
    ids.set(approvedTitle, await upload(approvedTitle, 11));
    ids.set(rejectedTitle, await upload(rejectedTitle, 12));
  });

  it('the moderator approves one material: it leaves the queue, and the creator sees 审核通过 and downloads it', async () => {
    await moderator.bringToFront();
    await moderator.getByRole('menuitem', { name: '审核' }).click();
    await moderator.waitForURL(/\/console\/review/);
    const row = moderator.locator('tr.material-row', { hasText: approvedTitle });
    await row.waitFor();
    await moderator.locator('tr.material-row', { hasText: rejectedTitle }).waitFor();
    await settled(moderator);
    await assertNoAxeViolations(moderator, '审核 (materials waiting)');

    await row.getByRole('button', { name: `通过 ${approvedTitle}` }).click();
    const dialog = moderator.getByRole('dialog', { name: '审核通过' });
    await opened(dialog);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    const id = ids.get(approvedTitle) ?? 0;
    await creator.bringToFront();
    await creator.goto(`${baseUrl}/material/0?keyword=${encodeURIComponent(approvedTitle)}`);
    await creator.locator('[data-testid=material-card]', { hasText: approvedTitle }).filter({ hasText: '审核通过' }).waitFor();
    await creator.goto(`${baseUrl}/material/detail?materialId=${id}`);
    await creator.getByRole('heading', { name: approvedTitle }).waitFor();
    const download = creator.waitForEvent('download');
    await creator.getByRole('button', { name: '下载' }).click();
    await creator.getByText('素材操作成功').waitFor();
    assert.match((await download).suggestedFilename(), new RegExp(`^${approvedTitle}\\.png$`));
  });

  it('the moderator rejects the other with a reason; the creator reads it in the material’s records and in notices', async () => {
    await moderator.bringToFront();
    const row = moderator.locator('tr.material-row', { hasText: rejectedTitle });
    await row.getByRole('button', { name: `驳回 ${rejectedTitle}` }).click();
    const dialog = moderator.getByRole('dialog', { name: '驳回素材' });
    await opened(dialog);
    await assertNoAxeViolations(moderator, '审核, 驳回素材 dialog');
    await dialog.getByLabel('驳回原因').fill(rejectReason);
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    const id = ids.get(rejectedTitle) ?? 0;
    await creator.bringToFront();
    await creator.goto(`${baseUrl}/material/detail?materialId=${id}`);
    await creator.getByRole('heading', { name: rejectedTitle }).waitFor();
    await creator.getByRole('tab', { name: '操作记录' }).click();
    await creator.getByRole('cell', { name: '审核不通过', exact: true }).first().waitFor();
    await creator.getByText(rejectReason).first().waitFor();
    await creator.goto(`${baseUrl}/notice`);
    await creator.getByTestId('notice-item').filter({ hasText: rejectedTitle }).filter({ hasText: rejectReason }).waitFor();
  });

  it('a banned creator appeals; the moderator keeps the ban with a reply the creator reads in notices', async () => {
    const { page } = await harness.loggedIn(ACCOUNTS.banContent, VIEWPORT);
    await page.goto(`${baseUrl}/scriptWrite`);
    const ban = page.getByRole('dialog', { name: '账号已被封禁' });
    // The page's ban checks may each meet the ban: one dialog stays open, with what is typed in it.
    await ban.getByLabel('申诉理由').waitFor();
    await ban.getByLabel('申诉理由').fill(appealText);
    await ban.getByRole('button', { name: /提交申诉/ }).click();
    await ban.getByText('提交成功').waitFor();

    await moderator.bringToFront();
    await moderator.getByRole('menuitem', { name: '申诉' }).click();
    await moderator.waitForURL(/\/console\/appeals$/);
    const card = moderator.getByTestId('appeal-item').filter({ hasText: appealText });
    await card.waitFor();
    await settled(moderator);
    await assertNoAxeViolations(moderator, '申诉 (an appeal open)');
    await card.getByRole('button', { name: '维持封禁' }).click();
    const dialog = moderator.getByRole('dialog', { name: '维持封禁' });
    await opened(dialog);
    await dialog.getByLabel('回复').fill(appealReply);
    await dialog.getByRole('button', { name: '确认维持' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });

    await page.bringToFront();
    await page.goto(`${baseUrl}/notice`);
    await page.getByTestId('notice-item').filter({ hasText: '申诉未通过' }).filter({ hasText: appealReply }).waitFor();
  });

  // Every other signed-in screen, in its loaded state, as the moderator sees it.
  const SCREENS: { name: string; path: string; ready(page: Page): Promise<void> }[] = [
    { name: '首页', path: '/console', ready: (page) => page.getByTestId('queue-materials').waitFor() },
    { name: '审核, 稿件', path: '/console/review?tab=manuscripts', ready: (page) => page.getByRole('tab', { name: /稿件/, selected: true }).waitFor() },
    {
      name: '审核, 认证申请',
      path: '/console/review?tab=certifications',
      ready: (page) => page.getByRole('tab', { name: /认证申请/, selected: true }).waitFor(),
    },
    {
      name: '申诉, 已维持',
      path: '/console/appeals',
      async ready(page) {
        await page.getByText('已维持').click();
        await page.getByTestId('appeal-item').filter({ hasText: appealReply }).waitFor();
      },
    },
    {
      name: '用户, a creator found and open',
      path: '/console/users',
      async ready(page) {
        await page.getByLabel('手机号、昵称或编号').fill(ACCOUNTS.verified);
        await page.getByRole('button', { name: /查\s*找/ }).click();
        await page.getByRole('row').filter({ hasText: ACCOUNTS.verified }).first().getByRole('link').click();
        await page.getByTestId('user-detail').waitFor();
      },
    },
    { name: '报纸', path: '/console/newspaper', ready: (page) => page.getByRole('heading', { name: '报纸', exact: true }).waitFor() },
    { name: '操作记录', path: '/console/audit', ready: (page) => page.getByRole('cell', { name: moderatorName }).first().waitFor() },
    { name: '我的账号', path: '/console/account', ready: (page) => page.getByRole('heading', { name: '我的账号', exact: true }).waitFor() },
    { name: '运维', path: '/console/tasks', ready: (page) => page.getByRole('heading', { name: '运维', exact: true }).waitFor() },
  ];
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path}) passes axe`, async () => {
      await moderator.bringToFront();
      await moderator.goto(`${baseUrl}${screen.path}`);
      await moderator.getByTestId('console-operator').waitFor();
      await screen.ready(moderator);
      await settled(moderator);
      await assertNoAxeViolations(moderator, screen.name);
    });
  }

  // The admin's own screens: the storage report generated, and the releases of every remote.
  const ADMIN_SCREENS: { name: string; path: string; ready(page: Page): Promise<void> }[] = [
    {
      name: '存储, a report generated',
      path: '/console/storage',
      async ready(page) {
        await page.getByRole('button', { name: '生成报告' }).click();
        await page.getByRole('heading', { name: '按类型', exact: true }).waitFor({ timeout: 60_000 });
      },
    },
    {
      name: '发布',
      path: '/console/releases',
      ready: (page) => page.getByRole('tab', { name: /mf-tools/ }).waitFor(),
    },
  ];
  for (const screen of ADMIN_SCREENS) {
    it(`${screen.name} (${screen.path}) passes axe, as the admin sees it`, async () => {
      await admin.bringToFront();
      await admin.goto(`${baseUrl}${screen.path}`);
      await admin.getByTestId('console-operator').waitFor();
      await screen.ready(admin);
      await settled(admin);
      await assertNoAxeViolations(admin, screen.name);
    });
  }
});
