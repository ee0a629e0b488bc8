/**
 * The two things that name an issue: the paper (docs/product.md §2, types 1–8) and the calendar day. Shared by
 * the reader's call and the import, so both refuse the same values.
 */
import { NEWSPAPERS } from 'shared-sdk/contract';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The paper type as a number, or null when it is not one of the eight papers. */
export function parseIssueType(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+$/.test(text)) return null;
  const type = Number(text);
  return NEWSPAPERS.some((paper) => paper.value === type) ? type : null;
}

/** 'YYYY-MM-DD' when the text is that format and a real day (no 2026-02-30), else null. */
export function parseIssueDate(raw: unknown): string | null {
  const match = typeof raw === 'string' ? DAY.exec(raw.trim()) : null;
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const real = day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
  return real && y >= 1900 ? match[0] : null;
}

export function paperName(type: number): string {
  return NEWSPAPERS.find((paper) => paper.value === type)?.label ?? String(type);
}
