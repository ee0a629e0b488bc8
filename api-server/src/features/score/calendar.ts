/**
 * The product's calendar: days are Asia/Shanghai days (UTC+8, no daylight saving), written
 * 'YYYY-MM-DD', so a snapshot's day does not depend on the server's time zone.
 */
const OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export function dayOf(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the day. */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDay(day: string): boolean {
  return DAY_PATTERN.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;
}
