/**
 * What tests/run.ts tells every test file about the product it started: where it answers, its data
 * folder, and where screenshots go when asked for.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The product under test (E2E_BASE_URL); without the harness, one started by hand with `npm start`. */
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

/**
 * The product's data folder (E2E_DATA_DIR), which the operator CLI and the bootstrap operator's file
 * live in. Only the harness knows it: a file run without tests/run.ts fails here, saying so.
 */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run e2e files through tests/run.ts, which starts the product on a fresh data folder');
  return dir;
}

/** A screenshot named `name` (the full page unless told), when E2E_SCREENSHOT_DIR names a folder to keep them in. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const shots = process.env.E2E_SCREENSHOT_DIR;
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}
