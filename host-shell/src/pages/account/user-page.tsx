import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Descriptions, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'shared-sdk/router';
import { selectUser, useAppDispatch, useAppSelector, userInfoRefreshed } from 'shared-sdk';
import { shellClient } from '../../lib/shell-client';

export const NICKNAME_MAX = 20;

/** /user: nickname (1–20 characters), avatar, masked phone. */
export function UserPage() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const [phone, setPhone] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    shellClient
      .userInfo()
      .then((info) => live && setPhone(info.u_phone_masked))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const save = async ({ nickname }: { nickname: string }) => {
    setSaving(true);
    try {
      const value = nickname.trim();
      await shellClient.updateNickname(value);
      dispatch(userInfoRefreshed({ u_nickname: value }));
      void message.success('保存成功');
    } catch {
      // The SDK's error policy has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="账号设置">
      <Descriptions column={1} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="头像">
          <Avatar size={64} src={user?.u_avatar || undefined} icon={<UserOutlined />} />
        </Descriptions.Item>
        <Descriptions.Item label="手机号">{phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="密码">
          <Link to="/password">修改密码</Link>
        </Descriptions.Item>
      </Descriptions>
      <Form layout="inline" initialValues={{ nickname: user?.u_nickname ?? '' }} onFinish={(values: { nickname: string }) => void save(values)}>
        <Form.Item
          name="nickname"
          label="昵称"
          rules={[
            { required: true, whitespace: true, message: '请输入昵称' },
            { max: NICKNAME_MAX, message: `昵称最多 ${NICKNAME_MAX} 个字` },
          ]}
        >
          <Input maxLength={NICKNAME_MAX} showCount style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
