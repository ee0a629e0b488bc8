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
 * The modules only the host has (antd's components, `shared-sdk/router`, `shared-sdk/contract`) are not
 * on it: the host's code imports them as its own modules and only provides them to the remotes
 * (`hostShares` in build-tools/src/rspack-shared.js), so the host never asks the runtime for one.
 */
const STARTUP_SHARES: Record<string, string[]> = {
  '/login': ['@reduxjs/toolkit', 'react', 'react-dom', 'react-redux', 'shared-sdk'],
  '/index': [
    '@ant-design/icons/es/components/Context',
    '@ant-design/icons/es/icons/AppstoreOutlined',
    '@ant-design/icons/es/icons/BankOutlined',
    '@ant-design/icons/es/icons/BarsOutlined',
    '@ant-design/icons/es/icons/BellOutlined',
    '@ant-design/icons/es/icons/CustomerServiceOutlined',
    '@ant-design/icons/es/icons/DownOutlined',
    '@ant-design/icons/es/icons/EditOutlined',
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
    'dayjs',
    'react',
    'react-dom',
    'react-redux',
    'shared-sdk',
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

  it("a remote screen's antd components come from the host alone: one provider per component, the host", async () => {
    const page = await (await harness.newContext({ storageState: session })).newPage();
    await page.goto(`${baseUrl}/draft`);
    await page.getByTestId('draft-item').first().waitFor();
    // Every instance (host, remotes) sees the same scope: per share key, its versions and who provides each.
    const providers = await page.evaluate(() => {
      type Scope = Record<string, Record<string, { from: string }>>;
      const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Scope>> } }).__FEDERATION__?.__SHARE__;
      const found: Record<string, string[]> = {};
      for (const instance of Object.values(share ?? {}))
        for (const scope of Object.values(instance))
          for (const [key, versions] of Object.entries(scope))
            if (key.startsWith('antd/es/')) for (const provider of Object.values(versions)) (found[key] ??= []).push(provider.from);
      return found;
    });
    assert.ok(providers['antd/es/table'], 'antd/es/table is in the share scope');
    const others = Object.entries(providers).filter(([, from]) => new Set(from).size !== 1 || from[0] !== 'host_shell');
    assert.deepEqual(others, [], 'an antd component provided by a part other than the host');
  });
});
