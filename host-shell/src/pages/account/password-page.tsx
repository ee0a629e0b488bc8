import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { shellClient } from '../../lib/shell-client';

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;

interface PasswordForm {
  current: string;
  next: string;
  confirm: string;
}

/** /password: current, new (8–32 characters with letters and digits) and confirmation. */
export function PasswordPage() {
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async ({ current, next }: PasswordForm) => {
    setSaving(true);
    try {
      await shellClient.changePassword(current, next);
      form.resetFields();
      void message.success('密码修改成功');
    } catch {
      // The SDK's error policy has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="current" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: PASSWORD_RULE, message: '新密码需 8–32 位，且包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['next']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('next') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          确认修改
        </Button>
      </Form>
    </Card>
  );
}
