import { Tag } from 'antd';
import { DRAMA_STATUS_LABELS } from 'shared-sdk';

export function DramaStatusTag({ status }: { status: number }) {
  return <Tag color={status === 1 ? 'processing' : 'success'}>{DRAMA_STATUS_LABELS[status] ?? '未知'}</Tag>;
}
