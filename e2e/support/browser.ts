import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export type { Browser, BrowserContext, Page };
/** A logged-in context's cookies and storage, to start fresh contexts already signed in. */
export type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What Chromium needs here: no sandbox as root, and no calls home on a closed network. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless, with the flags a closed network needs. Playwright gives every launch a
 * fresh temporary profile, and every `browser.newPage()` its own context (its own storage), so each
 * test starts logged out.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's "chromium" package (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

export const DEMO_PASSWORD = 'demo1234';
export const ACCOUNTS = {
  verified: '13800000001',
  unverified: '13800000002',
  banContent: '13800000003',
  banPost: '13800000004',
  banLogout: '13800000005',
  enterprise: '13800000006',
  manyNotices: '13800000007',
} as const;

/** Logs in through the login page as a person would. */
export async function login(page: Page, baseUrl: string, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('手机号').fill(phone);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs in as `login` does and waits for the home screen (/index), where a signed-in creator lands. */
export async function signIn(page: Page, baseUrl: string, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await login(page, baseUrl, phone, password);
  await page.waitForURL(/\/index$/);
}

/** A new page (a context of its own, so a session of its own) signed in as `phone`, on /index. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  phone: string = ACCOUNTS.verified,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage(viewport ? { viewport } : {});
  await signIn(page, baseUrl, phone);
  return page;
}

/**
 * Counts React renderers: every copy of react-dom registers itself with the devtools hook once,
 * so a page that loaded React twice reports two.
 */
export const COUNT_REACT_RENDERERS = `
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true, isDisabled: false,
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };
`;

/**
 * A logged-in browser context on /index (its pages share storage, IndexedDB and BroadcastChannel,
 * like tabs of one browser).
 */
export async function loggedIn(
  browser: Browser,
  baseUrl: string,
  phone: string = ACCOUNTS.verified,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signIn(page, baseUrl, phone);
  return { context, page };
}

/** A verified creator's session (cookies and storage) after login, for fresh contexts to start from. */
export async function savedSession(browser: Browser, baseUrl: string): Promise<SessionState> {
  const { context, page } = await loggedIn(browser, baseUrl);
  try {
    await page.waitForLoadState('networkidle');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Opens the header's user menu as a person does, by pointing at it, and waits for `item`. The header
 * can still be settling when the pointer arrives (the nickname, the worn badge and the enterprise
 * icon arrive with their calls and resize it, so the pointer may end up outside and the menu close
 * again): then the pointer leaves and comes back, as a person's would.
 */
export async function openUserMenu(page: Page, item: string | RegExp): Promise<Locator> {
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 1; ; attempt += 1) {
    await page.mouse.move(5, 500);
    await page.getByTestId('user-menu').hover();
    try {
      await entry.waitFor({ timeout: 5_000 });
      return entry;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
