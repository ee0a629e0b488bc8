import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import { SignInForm, type SignInCalls } from './sign-in-form';

jest.setTimeout(60_000);

const ENROLMENT = { otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderForm(calls: Partial<SignInCalls>) {
  const onSignedIn = jest.fn();
  const all: SignInCalls = { password: jest.fn().mockResolvedValue({ challenge: 'c1' }), code: jest.fn().mockResolvedValue(undefined), ...calls };
  renderWithProviders(<SignInForm calls={all} onSignedIn={onSignedIn} />);
  return { calls: all, onSignedIn };
}

describe('the console’s sign-in', () => {
  it('asks for the password, then the code, and signs in', async () => {
    const { calls, onSignedIn } = renderForm({});
    type('账号', ' mod-1 ');
    type('密码', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('验证码');
    expect(calls.password).toHaveBeenCalledWith('mod-1', 'correct horse');
    expect(screen.queryByTestId('totp-enrolment')).not.toBeInTheDocument();
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.code).toHaveBeenCalledWith('c1', '123456');
  });

  it('shows the enrolment QR code and key at the first sign-in', async () => {
    renderForm({ password: jest.fn().mockResolvedValue({ challenge: 'c1', enrolment: ENROLMENT }) });
    type('账号', 'admin');
    type('密码', 'first password');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByRole('img', { name: '身份验证器二维码' })).toHaveAttribute('src', ENROLMENT.qr_data_url);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(ENROLMENT.secret);
  });

  it('keeps what was typed when the server refuses, and says why', async () => {
    const { onSignedIn } = renderForm({ password: jest.fn().mockRejectedValue(new Error('账号或密码错误')) });
    type('账号', 'mod-1');
    type('密码', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.getByLabelText('账号')).toHaveValue('mod-1');
    expect(screen.getByLabelText('密码')).toHaveValue('wrong');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('refuses a code that is not six digits before sending it', async () => {
    const { calls } = renderForm({});
    type('账号', 'mod-1');
    type('密码', 'pw');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByLabelText('验证码');
    type('验证码', '12ab');
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('验证码是 6 位数字')).toBeInTheDocument();
    expect(calls.code).not.toHaveBeenCalled();
  });
});
