import dayjs from 'dayjs';

/** A waiting time as the console shows it: 刚刚, 12 分钟, 3 小时 5 分钟, 2 天 4 小时. */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} 小时 ${minutes % 60} 分钟` : `${hours} 小时`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} 天 ${hours % 24} 小时` : `${days} 天`;
}

/** Seconds from an ISO time until now. */
export function secondsSince(iso: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
}

/** An ISO time as the console writes it, local time (dayjs, zh-CN like the rest of the page). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : iso;
}
