import { MATERIAL_LOG_LABELS } from 'shared-sdk';

/**
 * cml_behavior codes of docs/product.md §3, plus the operator audit steps the server logs (10 in review,
 * 11 approved, 12 failed; api-server features/materials/audit.ts).
 */
export const LOG_LABELS: Readonly<Record<number, string>> = { ...MATERIAL_LOG_LABELS, 10: '送审', 11: '审核通过', 12: '审核不通过' };

export const logLabel = (code: number): string => LOG_LABELS[code] ?? `操作${code}`;
