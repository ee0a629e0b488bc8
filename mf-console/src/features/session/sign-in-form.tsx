import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { TotpEnrolment } from 'shared-sdk/contract';
import { errorMessage } from '../../lib/error-message';

/** What the password step hands on: a first sign-in also carries the TOTP enrolment, shown this once. */
export interface PasswordStepAnswer {
  challenge: string;
  enrolment?: TotpEnrolment;
}

export interface SignInCalls {
  /** Checks the name and password (and, at the first sign-in, fetches the enrolment); the code comes next. */
  password(name: string, password: string): Promise<PasswordStepAnswer>;
  /** Sends the authenticator's code; resolves once the console session exists. */
  code(challenge: string, code: string): Promise<void>;
}

/**
 * Password, then a TOTP code. The first sign-in shows the enrolment QR code (and its key, for typing
 * into an authenticator by hand) once. A refused step keeps what was typed.
 */
export function SignInForm({ calls, onSignedIn }: { calls: SignInCalls; onSignedIn: () => void }) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [passed, setPassed] = useState<PasswordStepAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure, '登录失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = ({ name, password }: { name: string; password: string }) =>
    void run(async () => {
      // Going back and signing in again keeps an enrolment already shown (it is shown only once).
      const answer = await calls.password(name.trim(), password);
      setPassed((before) => ({ ...answer, enrolment: answer.enrolment ?? before?.enrolment }));
      setStep('code');
    });
  const submitCode = ({ code }: { code: string }) =>
    void run(async () => {
      await calls.code(passed?.challenge ?? '', code.trim());
      onSignedIn();
    });
  const enrolment = passed?.enrolment;

  return (
    <>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      {/* Both forms stay mounted: going back keeps what was typed. */}
      <div hidden={step !== 'password'}>
        <Form layout="vertical" onFinish={submitPassword} requiredMark={false}>
          <Form.Item label="账号" name="name" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy && step === 'password'}>
            下一步
          </Button>
        </Form>
      </div>
      {step === 'code' && (
        <Form layout="vertical" onFinish={submitCode} requiredMark={false}>
          {enrolment && (
            <div data-testid="totp-enrolment" style={{ textAlign: 'center', marginBottom: 16 }}>
              <Typography.Paragraph>首次登录：请用身份验证器扫描二维码（只显示这一次），再输入它显示的 6 位验证码。</Typography.Paragraph>
              <img src={enrolment.qr_data_url} alt="身份验证器二维码" width={200} height={200} />
              <Typography.Paragraph>
                密钥：
                <Typography.Text code copyable data-testid="totp-secret">
                  {enrolment.secret}
                </Typography.Text>
              </Typography.Paragraph>
            </div>
          )}
          <Form.Item
            label="验证码"
            name="code"
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\s*\d{6}\s*$/, message: '验证码是 6 位数字' },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
          <Button type="link" block onClick={() => setStep('password')} disabled={busy}>
            返回上一步
          </Button>
        </Form>
      )}
    </>
  );
}

/** The sign-in as a page of its own: what /console shows before anyone is signed in. */
export function SignInPage(props: { calls: SignInCalls; onSignedIn: () => void }) {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 400 }}>
        <Typography.Title level={1} style={{ fontSize: 22, textAlign: 'center' }}>
          运营后台登录
        </Typography.Title>
        <SignInForm {...props} />
      </Card>
    </main>
  );
}
