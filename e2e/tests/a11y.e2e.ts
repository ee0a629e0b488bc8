/**
 * Accessibility: axe-core's WCAG 2.1 A and AA rules on every screen a creator reaches, in its loaded
 * state, find nothing; and /login loads without a console error.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SCREENS } from '../support/a11y-screens';
import { axeViolations, describeViolations } from '../support/axe';
import { ACCOUNTS, type BrowserContext, signedInContext, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

const VIEWPORT = { width: 1400, height: 900 };

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const harness = useBrowser();
  const contexts = new Map<string, BrowserContext>();
  const counts: string[] = [];

  /**
   * One signed-in context per account (or a signed-out one for ''), opened on first use and kept for
   * the file's other screens (the browser closes it).
   */
  async function contextOf(account: string): Promise<BrowserContext> {
    const known = contexts.get(account);
    if (known) return known;
    // Only here: axe is injected as an inline script, which the product's CSP forbids.
    const options = { bypassCSP: true, viewport: VIEWPORT };
    const context = account ? await signedInContext(harness.browser, baseUrl, account, options) : await harness.browser.newContext(options);
    contexts.set(account, context);
    return context;
  }

  after(() => {
    console.info(`axe violations (elements) per screen:\n  ${counts.join('\n  ')}`);
  });

  // First, while the browser has loaded nothing: its page icon is fetched once per browser.
  it('/login loads without a console error or a page error', async () => {
    const context = await harness.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/login`);
    await page.waitForLoadState('networkidle');
    await page.getByPlaceholder('手机号').waitFor();
    await context.close();
    assert.deepEqual(errors, []);
  });

  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path})`, async () => {
      const context = await contextOf(screen.account ?? ACCOUNTS.verified);
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}${screen.path}`);
        await page.waitForLoadState('networkidle');
        await screen.ready(page);
        const violations = await axeViolations(page);
        const elements = violations.reduce((sum, v) => sum + v.elements.length, 0);
        counts.push(`${screen.path} ${screen.name}: ${elements} (${violations.map((v) => `${v.rule} ${v.elements.length}`).join(', ') || 'none'})`);
        assert.equal(violations.length, 0, `axe found:\n${describeViolations(screen.name, violations)}`);
      } finally {
        await page.close();
      }
    });
  }
});
