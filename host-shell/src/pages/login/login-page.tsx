import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { getToken, useAppDispatch, type LoginRequest } from 'shared-sdk';
import { clearBanNotice, readBanNotice } from '../../features/dialogs/ban-check';
import { checkBanOnce } from '../../features/dialogs/use-startup-ban-check';
import { logIn } from './log-in';
import { safeRedirect } from './safe-redirect';

/** Set by the host when it sends the user here (e.g. token expired). */
export interface LoginLocationState {
  notice?: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notice = (useLocation().state as LoginLocationState | null)?.notice;
  const [submitting, setSubmitting] = useState(false);
  const [banNotice, setBanNotice] = useState(readBanNotice);

  const onFinish = async (values: LoginRequest) => {
    setSubmitting(true);
    try {
      await logIn(dispatch, values);
      if (await checkBanOnce(dispatch, getToken())) {
        setBanNotice(readBanNotice());
        setSubmitting(false);
        return;
      }
      navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch {
      // The SDK's error policy has already shown the server's message.
      setSubmitting(false);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          创作者中心
        </Typography.Title>
        {banNotice !== null ? (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => {
              clearBanNotice();
              setBanNotice(null);
            }}
            title={`账号已被封禁：${banNotice}`}
            style={{ marginBottom: 16 }}
            data-testid="ban-notice"
          />
        ) : null}
        {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
        <Form<LoginRequest> onFinish={(values) => void onFinish(values)} size="large">
          <Form.Item
            name="phone"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: /^1\d{10}$/, message: '请输入正确的手机号' },
            ]}
          >
            <Input prefix={<MobileOutlined />} placeholder="手机号" autoComplete="username" maxLength={11} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
