import fs from 'node:fs';
import { after, afterEach, before, beforeEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { baseUrl as harnessBaseUrl } from './env';

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

type Viewport = { width: number; height: number };

/** What `step` answers; if it fails (a sign-in that did not get through), `opened` is closed first. */
async function closedIfFails<T>(opened: { close(): Promise<unknown> }, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

/** A new page (a context of its own, so a session of its own) signed in as `phone`, on /index. */
export async function signedInPage(browser: Browser, baseUrl: string, phone: string = ACCOUNTS.verified, viewport?: Viewport): Promise<Page> {
  const page = await browser.newPage(viewport ? { viewport } : {});
  return closedIfFails(page, async () => {
    await signIn(page, baseUrl, phone);
    return page;
  });
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
  viewport?: Viewport,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await closedIfFails(context, async () => {
    const opened = await context.newPage();
    await signIn(opened, baseUrl, phone);
    return opened;
  });
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

/** A sidebar item by its text alone (the accessible name of a top-level item also holds its icon's label). */
export const menuItem = (page: Page, label: string): Locator => page.getByRole('menuitem').filter({ hasText: new RegExp(`^${label}$`) });

/** Opens a writing screen (`route`, query included) and waits for its form: the title, or a post's text. */
export async function openWriter(page: Page, route: string): Promise<void> {
  await page.goto(`${harnessBaseUrl}${route}`);
  await page.locator('[aria-label="标题"], [aria-label="动态内容"]').first().waitFor({ timeout: 60_000 });
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

/** A signed-in context: a page of it signs in as `phone`, then closes; the session stays with the context. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  phone: string = ACCOUNTS.verified,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  return closedIfFails(context, async () => {
    const page = await context.newPage();
    await signIn(page, baseUrl, phone);
    await page.close();
    return context;
  });
}

export interface BrowserHarness {
  /** The browser; throws if read before the `before` hook of `useBrowser` ran (e.g. in a describe body). */
  readonly browser: Browser;
  /** `browser.newPage()`: a page in a context of its own, logged out. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** `browser.newContext()`: a context of its own, logged out. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** `signedInPage()` on the product under test: a page of its own, signed in as `phone` (the verified creator unless told), on /index. */
  signedInPage(phone?: string, viewport?: Viewport): Promise<Page>;
  /** `loggedIn()` on the product under test: a context signed in as `phone` and its page on /index. */
  loggedIn(phone?: string, viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }>;
  /** `signedInContext()` on the product under test: a context signed in as `phone`, no page open. */
  signedInContext(phone?: string, options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The browser most e2e files share, registered with node:test where it is called (a describe body):
 * a `before` hook launches Chromium; an `after` hook closes it, whatever the tests did, even if one
 * failed. What the helpers open during a test (pages, contexts) is closed after that test, passed or
 * failed; what they open in a `before` hook (a page the file's tests share) lasts until the browser
 * closes. Pages and contexts opened on `harness.browser` itself are the test's own to close (a
 * context a file keeps across tests, say). Hooks registered after this call run after the launch
 * (`before`) and before the close (`after`).
 */
export function useBrowser(): BrowserHarness {
  let launched: Browser | undefined;
  // What the helpers opened during the running test (null between tests: then it is the file's).
  let opened: Array<{ close(): Promise<unknown> }> | null = null;
  const own = <T extends { close(): Promise<unknown> }>(thing: T): T => {
    opened?.push(thing);
    return thing;
  };
  const harness: BrowserHarness = {
    get browser() {
      if (!launched) {
        throw new Error(
          'The browser is not launched: read it in a test or a hook (not while the describe body is collected), after the before hook of useBrowser (if that hook failed, see its error)',
        );
      }
      return launched;
    },
    newPage: async (contextOptions = {}) => own(await harness.browser.newPage(contextOptions)),
    newContext: async (contextOptions = {}) => own(await harness.browser.newContext(contextOptions)),
    signedInPage: async (phone, viewport) => own(await signedInPage(harness.browser, harnessBaseUrl, phone, viewport)),
    loggedIn: async (phone, viewport) => {
      const session = await loggedIn(harness.browser, harnessBaseUrl, phone, viewport);
      own(session.context);
      return session;
    },
    signedInContext: async (phone, contextOptions) => own(await signedInContext(harness.browser, harnessBaseUrl, phone, contextOptions)),
  };
  before(async () => {
    launched = await launchBrowser();
  });
  beforeEach(() => {
    opened = [];
  });
  afterEach(async () => {
    const closing = opened ?? [];
    opened = null;
    // A page or context the test closed itself closes again without complaint.
    await Promise.all(closing.map((thing) => thing.close()));
  });
  after(async () => {
    await launched?.close();
  });
  return harness;
}
