import { Tag } from 'antd';
import { JOB_STATUS_LABELS } from 'shared-sdk';

const COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'default' };

export function JobStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status] ?? 'default'}>{JOB_STATUS_LABELS[status] ?? '未知'}</Tag>;
}
