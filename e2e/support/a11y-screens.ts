import type { Locator, Page } from 'playwright-core';
import { ACCOUNTS } from './browser';

/**
 * Every screen a creator reaches, in the state a creator sees it in: lists with their data, and the
 * dialog open where the screen's main job is a dialog. `ready` waits for that state.
 */
export interface A11yScreen {
  name: string;
  path: string;
  /** Who looks at it (the verified creator unless said). */
  account?: string;
  ready(page: Page): Promise<void>;
}

/**
 * Waits until an antd dialog has finished its opening zoom: while it runs the dialog is translucent,
 * and a contrast check would measure colours no one reads.
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  const element = await dialog.elementHandle();
  await dialog.page().waitForFunction((node) => {
    const modal = node?.closest('.ant-modal') ?? node;
    return !!modal && getComputedStyle(modal).opacity === '1' && !modal.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
  }, element);
}

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor();
const text = (page: Page, words: string | RegExp) => page.getByText(words).first().waitFor();

async function editorDialog(page: Page, button: string, title: string): Promise<void> {
  await page.getByTestId('rich-editor').waitFor();
  await page.getByRole('button', { name: button }).click();
  await dialogOpened(page.getByRole('dialog', { name: title }));
}

export const SCREENS: A11yScreen[] = [
  { name: 'login', path: '/login', account: '', ready: (page) => page.getByPlaceholder('手机号').waitFor() },
  { name: 'home', path: '/index', ready: (page) => visible(page, '[data-testid=score-card]') },
  { name: 'notices', path: '/notice', ready: (page) => visible(page, '[data-testid=notice-item]') },
  {
    name: 'settings',
    path: '/user',
    ready: (page) =>
      page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .waitFor(),
  },
  { name: 'password', path: '/password', ready: (page) => page.locator('input[type=password]').first().waitFor() },
  { name: 'my materials', path: '/material/0', ready: (page) => visible(page, '[data-testid=material-card]') },
  {
    name: 'public materials, 使用 dialog',
    path: '/material/1',
    async ready(page) {
      const card = page.getByTestId('material-card').first();
      await card.getByRole('button', { name: /使\s*用/ }).click();
      await dialogOpened(page.getByRole('dialog'));
    },
  },
  {
    name: 'add material',
    path: '/material/add',
    ready: (page) =>
      page
        .getByRole('button', { name: /提\s*交|保\s*存/ })
        .first()
        .waitFor(),
  },
  { name: 'drafts', path: '/draft', ready: (page) => visible(page, '[data-testid=draft-item]') },
  { name: 'manuscripts', path: '/personalScript', ready: (page) => visible(page, '[data-testid=manuscript-item]') },
  {
    name: 'newspaper, page dialog',
    path: '/newspaper',
    async ready(page) {
      await page.getByRole('img', { name: '第1版' }).waitFor();
      await page.getByRole('button', { name: '打开第1版' }).click();
      await dialogOpened(page.getByRole('dialog'));
      await page.getByRole('dialog').locator('iframe').waitFor();
    },
  },
  { name: 'article editor, link dialog', path: '/scriptWrite', ready: (page) => editorDialog(page, '插入链接', '插入链接') },
  { name: 'article editor, embed dialog', path: '/scriptWrite', ready: (page) => editorDialog(page, '嵌入视频', '嵌入视频') },
  { name: 'video editor', path: '/videoWrite', ready: (page) => page.getByTestId('video-field').waitFor() },
  { name: 'collection editor', path: '/videoWrite?isPack=1', ready: (page) => page.getByLabel('标题').first().waitFor() },
  { name: 'gallery editor', path: '/graphWrite', ready: (page) => page.getByLabel('标题').first().waitFor() },
  { name: 'post editor', path: '/post', ready: (page) => page.getByLabel('动态内容').first().waitFor() },
  { name: 'episode editor', path: '/episode', ready: (page) => text(page, '剧集') },
  {
    name: 'real-name dialog',
    path: '/scriptWrite',
    account: ACCOUNTS.unverified,
    ready: (page) => dialogOpened(page.getByRole('dialog', { name: '请完成实名认证' })),
  },
  {
    name: 'ban dialog',
    path: '/scriptWrite',
    account: ACCOUNTS.banContent,
    async ready(page) {
      const dialog = page.getByRole('dialog', { name: '账号已被封禁' });
      await dialog
        .getByTestId('ban-reason')
        .filter({ hasText: /[^—\s]/ })
        .waitFor();
      await dialogOpened(dialog);
    },
  },
  { name: 'rank', path: '/rank', ready: (page) => visible(page, '[data-testid=rank-row]') },
  { name: 'rights', path: '/rights', ready: (page) => visible(page, '[data-testid=levels]') },
  { name: 'government affairs', path: '/govAffairs', ready: (page) => visible(page, '.ant-card') },
  { name: 'enterprise', path: '/enterprise', ready: (page) => page.getByRole('button', { name: '提交认证' }).waitFor() },
  { name: 'help centre', path: '/helpCenter', ready: (page) => visible(page, '.ant-list-item a') },
  {
    name: 'help article',
    path: '/helpCenter',
    ready: (page) =>
      page
        .locator('.ant-list-item a')
        .first()
        .click()
        .then(() => visible(page, '[data-testid=help-article]')),
  },
  { name: 'jobs', path: '/tools/job/index', ready: (page) => visible(page, '.ant-table-row') },
  {
    name: 'add job',
    path: '/tools/job/add',
    ready: (page) =>
      page
        .getByRole('button', { name: /发\s*布|提\s*交|保\s*存/ })
        .first()
        .waitFor(),
  },
  { name: 'short drama', path: '/shortPlay', ready: (page) => visible(page, '[data-testid=drama-card]') },
  // The operators' console's sign-in, as anyone reaching /console sees it (no creator session).
  { name: 'console sign-in', path: '/console', account: '', ready: (page) => page.getByLabel('账号').waitFor() },
];
