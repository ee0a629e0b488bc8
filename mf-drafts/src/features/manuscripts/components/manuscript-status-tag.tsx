import { Tag } from 'antd';
import { ManuscriptStatus, manuscriptStatusLabel } from 'shared-sdk/contract';

const COLOURS: Record<number, string> = {
  [ManuscriptStatus.PUBLISHED]: 'success',
  [ManuscriptStatus.IN_REVIEW]: 'processing',
  [ManuscriptStatus.REJECTED]: 'error',
  [ManuscriptStatus.PRIVATE]: 'default',
  [ManuscriptStatus.SCHEDULED]: 'warning',
  [ManuscriptStatus.OFFLINE]: 'default',
};

export function ManuscriptStatusTag({ type, status, reviewCode }: { type: number; status: number; reviewCode: number | null }) {
  return <Tag color={COLOURS[status] ?? 'default'}>{manuscriptStatusLabel(type, status, reviewCode)}</Tag>;
}
