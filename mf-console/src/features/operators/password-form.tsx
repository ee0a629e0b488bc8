import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { OPERATOR_PASSWORD } from 'shared-sdk/contract/operator-roles';
import { errorMessage } from '../../lib/error-message';

interface Fields {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** The signed-in operator's password change (their other sessions end); a refusal keeps what was typed. */
export function PasswordForm({ onChange }: { onChange: (request: { old_password: string; new_password: string }) => Promise<void> }) {
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async ({ old_password, new_password }: Fields) => {
    setBusy(true);
    setError('');
    setDone(false);
    try {
      await onChange({ old_password, new_password });
      form.resetFields();
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 360 }} onFinish={(fields) => void submit(fields)} requiredMark={false}>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      {done && <Alert type="success" role="status" title="密码已修改，其他登录已退出" style={{ marginBottom: 16 }} />}
      <Form.Item label="当前密码" name="old_password" rules={[{ required: true, message: '请输入当前密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: OPERATOR_PASSWORD.MIN, message: `至少 ${OPERATOR_PASSWORD.MIN} 个字符` },
          { max: OPERATOR_PASSWORD.MAX, message: `最多 ${OPERATOR_PASSWORD.MAX} 个字符` },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['new_password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('new_password')) throw new Error('两次输入的新密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        修改密码
      </Button>
    </Form>
  );
}
