import type { DecisionResult } from 'shared-sdk/contract';

/**
 * A decision on several items answers each on its own. Resolves when all went through; otherwise
 * rejects with the items that did not (their ids and the server's reasons), so the dialog stays open
 * and says which.
 */
export function requireAllDecided(results: readonly DecisionResult[]): void {
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) return;
  throw new Error(`${failed.length} 项未能处理：${failed.map((result) => `#${result.id} ${result.message}`).join('；')}`);
}

/** Material audit states waiting for a decision. */
export const MATERIAL_CHECK_TEXT: Readonly<Record<number, string>> = { 1: '未审核', 4: '审核中' };
