import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.1 level A and AA: the rules the product promises to pass on every screen. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** One line per failing element: its selector and what axe measured. */
  elements: string[];
}

/**
 * Runs axe-core in the page as it is now. The script is injected inline, which the product's
 * Content-Security-Policy rightly forbids: the page's context must be opened with `bypassCSP`.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      elements: v.nodes.map((node) => `${node.target.map(String).join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }));
  }, WCAG_21_AA);
}

/** A readable report: screen, rule, impact and every failing element. */
export function describeViolations(screen: string, violations: Violation[]): string {
  return violations
    .map((v) => `${screen}: ${v.rule} (${v.impact}, ${v.elements.length}) ${v.help}\n${v.elements.map((e) => `    ${e}`).join('\n')}`)
    .join('\n');
}
