import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { savedSession, type SessionState, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

/**
 * The shared modules each host screen registers with the federation runtime when opened cold (the
 * host registers a share when its code first asks for it, and every share before a remote's code
 * runs: host-shell/src/remotes/deferred-shares.ts). Registering costs main-thread time in the page's
 * first tasks, so this list changes only on purpose: a new share on a host screen is a new line here.
 */
const STARTUP_SHARES: Record<string, string[]> = {
  '/login': ['@reduxjs/toolkit', 'react', 'react-dom', 'react-redux', 'shared-sdk', 'shared-sdk/contract', 'shared-sdk/router'],
  '/index': [
    '@ant-design/icons/es/components/Context',
    '@ant-design/icons/es/icons/AppstoreOutlined',
    '@ant-design/icons/es/icons/BankOutlined',
    '@ant-design/icons/es/icons/BarsOutlined',
    '@ant-design/icons/es/icons/BellOutlined',
    '@ant-design/icons/es/icons/CustomerServiceOutlined',
    '@ant-design/icons/es/icons/DownOutlined',
    '@ant-design/icons/es/icons/EditOutlined',
    '@ant-design/icons/es/icons/EllipsisOutlined',
    '@ant-design/icons/es/icons/FileTextOutlined',
    '@ant-design/icons/es/icons/GiftOutlined',
    '@ant-design/icons/es/icons/HomeOutlined',
    '@ant-design/icons/es/icons/LeftOutlined',
    '@ant-design/icons/es/icons/LoadingOutlined',
    '@ant-design/icons/es/icons/PictureOutlined',
    '@ant-design/icons/es/icons/QuestionCircleOutlined',
    '@ant-design/icons/es/icons/RightOutlined',
    '@ant-design/icons/es/icons/SafetyCertificateFilled',
    '@ant-design/icons/es/icons/ShopOutlined',
    '@ant-design/icons/es/icons/ToolOutlined',
    '@ant-design/icons/es/icons/TrophyOutlined',
    '@ant-design/icons/es/icons/UserOutlined',
    '@reduxjs/toolkit',
    'antd/es/badge',
    'antd/es/button',
    'antd/es/config-provider',
    'antd/es/dropdown',
    'antd/es/layout',
    'antd/es/menu',
    'antd/es/tooltip',
    'dayjs',
    'react',
    'react-dom',
    'react-redux',
    'shared-sdk',
    'shared-sdk/contract',
    'shared-sdk/router',
  ],
};

interface DeferredShares {
  registered(): string[];
  waiting(): string[];
}

async function sharesOf(
  context: BrowserContext,
  screen: string,
  shown: (page: Page) => Promise<void> = async () => undefined,
): Promise<{ registered: string[]; waiting: number }> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}${screen}`);
    await shown(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, screen);
    return await page.evaluate(() => {
      const shares = (globalThis as { __deferredShares__?: DeferredShares }).__deferredShares__;
      if (!shares) throw new Error('the deferred shares plugin is not in the page');
      return { registered: shares.registered().sort(), waiting: shares.waiting().length };
    });
  } finally {
    await page.close();
  }
}

describe('shell start-up shares', () => {
  const harness = useBrowser();
  let session: SessionState;
  before(async () => {
    session = await savedSession(harness.browser, baseUrl);
  });

  it('/login registers only what the login screen uses', async () => {
    const { registered } = await sharesOf(await harness.newContext(), '/login');
    assert.deepEqual(registered, STARTUP_SHARES['/login']);
  });

  it('/index registers only what the home screen uses', async () => {
    const { registered, waiting } = await sharesOf(await harness.newContext({ storageState: session }), '/index');
    assert.deepEqual(registered, STARTUP_SHARES['/index']);
    assert.ok(waiting > 0, 'the shares only the remotes use wait');
  });

  it('a remote screen finds every share the host provides registered', async () => {
    const context = await harness.newContext({ storageState: session });
    const { registered, waiting } = await sharesOf(context, '/draft', (page) => page.getByTestId('draft-item').first().waitFor());
    assert.equal(waiting, 0);
    assert.ok(registered.includes('antd/es/table') && registered.includes('react'), registered.join(', '));
  });
});
