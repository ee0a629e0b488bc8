/** Rates as the 发布 screen shows them. */

/** `part / whole` as a share, 0 when nothing was counted. */
export const rate = (part: number, whole: number): number => (whole > 0 ? Math.min(part, whole) / whole : 0);

/** 0.125 → 12.5%; nothing counted → —. */
export const percentText = (part: number, whole: number): string => (whole > 0 ? `${(rate(part, whole) * 100).toFixed(1)}%` : '—');

/** "1 / 8（12.5%）". */
export const countText = (part: number, whole: number): string => `${part} / ${whole}（${percentText(part, whole)}）`;

export const ROLE_LABELS: Record<string, string> = { stable: '稳定版', canary: '灰度版', other: '其他' };

export const ACTION_LABELS: Record<string, string> = {
  canary: '灰度',
  pause: '暂停灰度',
  promote: '全量发布',
  rollback: '回滚',
  'auto-rollback': '自动回滚',
  pin: '固定版本',
  unpin: '取消固定',
  'qa-add': '添加测试用户',
  'qa-remove': '移除测试用户',
};

export const ERROR_KIND_LABELS: Record<string, string> = { error: '未捕获错误', rejection: '未处理的 Promise 拒绝', boundary: '错误面板', api: '接口失败' };
