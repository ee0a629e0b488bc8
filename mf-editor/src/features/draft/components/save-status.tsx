import dayjs from 'dayjs';
import { Typography } from 'antd';
import type { SyncSnapshot } from '../lib/draft-sync';

/** The status line: 保存中… / 已保存 HH:mm:ss / 离线，已保存在本机. */
export function saveStatusText(snapshot: SyncSnapshot): string {
  const { state } = snapshot;
  if (state.kind === 'saving') return '保存中…';
  if (state.kind === 'offline') return '离线，已保存在本机';
  if (state.kind === 'error') return `保存失败：${state.message}`;
  if (state.kind === 'saved') return `已保存 ${dayjs(state.at).format('HH:mm:ss')}`;
  return snapshot.dirty ? '有未保存的修改' : '';
}

export function SaveStatus({ snapshot }: { snapshot: SyncSnapshot }) {
  return (
    <Typography.Text type={snapshot.state.kind === 'error' ? 'danger' : 'secondary'} data-testid="save-status" aria-live="polite">
      {saveStatusText(snapshot)}
    </Typography.Text>
  );
}
