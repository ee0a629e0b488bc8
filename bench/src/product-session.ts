/**
 * What the browser benches against the built product share (lighthouse.ts, interactions.ts and the
 * upload benches): the product started as `npm start` runs it and stopped afterwards (also on Ctrl-C
 * or SIGTERM, so no server is left behind), a creator signed in through the login page as a person
 * would, the load average and `uptime` printed beside every figure, and Lighthouse's benchmark index
 * of the machine (its measure of the CPU: figures compare between machines only beside it).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Page } from 'playwright-core';
import { ACCOUNTS, login } from '../../e2e/support/browser';
import { type RunningProduct, startProduct } from '../../e2e/support/server';

/** The 1, 5 and 15 minute load averages. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** `uptime`'s own line (time, uptime, users, load average). */
export const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();

/**
 * Runs `body` against the built product started as `npm start` does (a fresh data folder, the demo
 * accounts seeded on its first start), and stops the product after it, or when the bench is
 * interrupted.
 */
export async function withProduct<T>(body: (product: RunningProduct) => Promise<T>): Promise<T> {
  const product = await startProduct();
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the product`);
    void product.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await body(product);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await product.stop();
  }
}

/** Signs in through the login page as a person does and waits for /index and its calls to settle. */
export async function signInThroughLoginPage(page: Page, baseUrl: string, phone: string = ACCOUNTS.verified): Promise<void> {
  await login(page, baseUrl, phone);
  await page.waitForURL(/\/index$/);
  await page.waitForLoadState('networkidle');
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/**
 * Lighthouse's measure of the machine's CPU (its `benchmarkIndex`), taken outside a Lighthouse run:
 * Lighthouse's own page function, evaluated in a page of the bench's browser.
 */
export async function benchmarkIndexIn(page: Page): Promise<number> {
  return Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
}

/** The line every bench prints beside its figures: the benchmark index (range) of this machine. */
export function benchmarkIndexLine(indexes: readonly number[]): string | null {
  const known = indexes.filter(Number.isFinite);
  if (known.length === 0) return null;
  return `Lighthouse's benchmark index of this machine: ${fixed(Math.min(...known))}–${fixed(Math.max(...known))}`;
}
