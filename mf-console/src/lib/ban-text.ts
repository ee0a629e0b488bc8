import type { BanInfo } from 'shared-sdk/contract';
import { formatTime } from './age';

const RANGE_TEXT: Readonly<Record<string, string>> = { '1': '文章、视频、图集、合集', '3': '动态' };

/** A ban in one line: its kind, what it blocks and until when. */
export function banText(ban: BanInfo): string {
  const kind =
    ban.ban_type === 2
      ? '禁止登录'
      : `禁止创作：${
          ban.range
            .split(',')
            .filter(Boolean)
            .map((range) => RANGE_TEXT[range] ?? range)
            .join('、') || '—'
        }`;
  return `${kind}；至 ${ban.ends_at ? formatTime(ban.ends_at) : '解除为止'}`;
}
