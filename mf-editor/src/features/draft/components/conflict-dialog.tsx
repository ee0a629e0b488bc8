import { Button, Modal, Space, Typography } from 'antd';
import { EDITOR_MESSAGES, type VersionConflictData } from 'shared-sdk/contract';

export type ConflictChoice = 'mine' | 'theirs' | 'copy';

/** Never a silent overwrite: the creator chooses which copy lives on. */
export function ConflictDialog({
  conflict,
  busy,
  onChoose,
}: {
  conflict: VersionConflictData | null;
  busy: boolean;
  onChoose: (choice: ConflictChoice) => void;
}) {
  return (
    <Modal open={conflict !== null} title="版本冲突" closable={false} maskClosable={false} keyboard={false} footer={null}>
      <Typography.Paragraph>{EDITOR_MESSAGES.VERSION_CONFLICT}</Typography.Paragraph>
      {conflict?.update_time && <Typography.Paragraph type="secondary">另一版本保存于 {conflict.update_time}</Typography.Paragraph>}
      <Space>
        <Button type="primary" loading={busy} onClick={() => onChoose('mine')}>
          保留我的
        </Button>
        <Button disabled={busy} onClick={() => onChoose('theirs')}>
          加载另一版本
        </Button>
        <Button disabled={busy} onClick={() => onChoose('copy')}>
          另存为副本
        </Button>
      </Space>
    </Modal>
  );
}
