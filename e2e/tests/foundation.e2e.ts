import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNTS, COUNT_REACT_RENDERERS, signIn, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

describe('foundation', () => {
  const harness = useBrowser();

  it('sends / to /login', async () => {
    const page = await harness.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/login$/);
  });

  it('logs the verified demo account in to /index, opens a remote screen through Module Federation, with React loaded once', async () => {
    const page = await harness.newPage();
    await page.addInitScript(COUNT_REACT_RENDERERS);
    const remoteRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/(remotes|releases)\/mf-drafts\//.test(req.url())) remoteRequests.push(req.url());
    });
    await signIn(page, baseUrl, ACCOUNTS.verified);
    await page.getByRole('menuitem', { name: '草稿箱' }).click();
    await page.waitForURL(/\/draft/);
    await page.locator('[data-testid=draft-item]').first().waitFor();
    assert.ok(
      remoteRequests.some((u) => u.endsWith('mf-manifest.json')),
      'the drafts screen came from the remote mf-drafts',
    );
    const renderers = await page.evaluate(
      () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    assert.equal(renderers, 1, 'exactly one copy of react-dom in the page');
  });
});
