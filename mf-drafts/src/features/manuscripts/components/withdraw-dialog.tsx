import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import type { WithdrawTarget } from 'shared-sdk';

interface WithdrawDialogProps {
  title: string | null;
  onCancel: () => void;
  onConfirm: (to: WithdrawTarget) => Promise<unknown>;
}

/** Takes a scheduled manuscript off the schedule: keep it visible only to its author, or back to drafts. */
export function WithdrawDialog({ title, onCancel, onConfirm }: WithdrawDialogProps) {
  const [to, setTo] = useState<WithdrawTarget>('private');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(to);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={title !== null} title="撤回定时发布" okText="确认撤回" confirmLoading={busy} onOk={() => void confirm()} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph>《{title}》将不再按时发布，请选择撤回后的去向：</Typography.Paragraph>
      <Radio.Group value={to} onChange={(event) => setTo(event.target.value as WithdrawTarget)}>
        <Space orientation="vertical">
          <Radio value="private">改为仅我可见</Radio>
          <Radio value="draft">退回草稿箱</Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
