import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Result, Typography } from 'antd';
import { getToken, isApiError, type BanData } from 'shared-sdk';
import { shellClient } from '../../lib/shell-client';

export const APPEAL_MIN = 5;
export const APPEAL_MAX = 500;

function useBanReason(ban: BanData): string {
  const [reason, setReason] = useState(ban.ban_reason ?? '');
  useEffect(() => {
    let live = true;
    shellClient
      .banInfo(getToken())
      .then((info) => {
        if (live && info) setReason(info.ban_reason);
      })
      .catch((error: unknown) => console.warn('host-shell: ban reason unavailable', error));
    return () => {
      live = false;
    };
  }, [ban]);
  return reason;
}

function AppealForm({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setSending(true);
    setError('');
    try {
      await shellClient.appeal(reason.trim());
      onDone();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : '提交失败');
    } finally {
      setSending(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(values: { reason: string }) => void submit(values)}>
      <Form.Item
        name="reason"
        label="申诉理由"
        rules={[
          { required: true, whitespace: true, message: '请填写申诉理由' },
          { min: APPEAL_MIN, max: APPEAL_MAX, message: `申诉理由需 ${APPEAL_MIN}–${APPEAL_MAX} 个字` },
        ]}
      >
        <Input.TextArea rows={4} maxLength={APPEAL_MAX} showCount placeholder="请说明申诉理由" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={sending}>
        提交申诉
      </Button>
    </Form>
  );
}

/** The ban dialog: the reason, fetched with the token, and an appeal form. Mounted per opening. */
export function BanDialog({ ban, onClose }: { ban: BanData; onClose: () => void }) {
  const reason = useBanReason(ban);
  const [done, setDone] = useState(false);
  return (
    <Modal title="账号已被封禁" open onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>
        封禁原因：<span data-testid="ban-reason">{reason || '—'}</span>
      </Typography.Paragraph>
      {done ? <Result status="success" title="提交成功" /> : <AppealForm onDone={() => setDone(true)} />}
    </Modal>
  );
}
