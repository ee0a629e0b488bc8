/** Times as every screen of the product shows them: "2026-11-23 09:05:00", China time (UTC+8). */
import { formatChinaTime } from 'shared-sdk/contract';

export function formatTime(value: Date): string;
export function formatTime(value: Date | null): string | null;
export function formatTime(value: Date | null): string | null {
  return value ? formatChinaTime(value.getTime()) : null;
}
