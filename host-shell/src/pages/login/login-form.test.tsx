import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginRequest } from 'shared-sdk';
import { LoginForm } from './login-form';

function setup(submitting = false) {
  const submitted: LoginRequest[] = [];
  render(<LoginForm submitting={submitting} onSubmit={(values) => submitted.push(values)} />);
  return { submitted, user: userEvent.setup() };
}

const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

describe('LoginForm', () => {
  it('says what is missing on an empty submit and sends nothing', async () => {
    const { submitted, user } = setup();
    await user.click(submitButton());
    expect(screen.getByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(submitted).toEqual([]);
  });

  it('checks the phone as it is typed, once touched, and clears the message when it is right', async () => {
    const { user } = setup();
    await user.type(screen.getByPlaceholderText('手机号'), '1380');
    expect(screen.getByText('请输入正确的手机号')).toBeInTheDocument();
    // The password was never touched: no message for it yet.
    expect(screen.queryByText('请输入密码')).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('手机号'), '0000001');
    expect(screen.queryByText('请输入正确的手机号')).not.toBeInTheDocument();
  });

  it('sends phone and password when both are right, with Enter as with the button', async () => {
    const { submitted, user } = setup();
    await user.type(screen.getByPlaceholderText('手机号'), '13800000001');
    await user.type(screen.getByPlaceholderText('密码'), 'Passw0rd!{Enter}');
    await user.click(submitButton());
    expect(submitted).toEqual([
      { phone: '13800000001', password: 'Passw0rd!' },
      { phone: '13800000001', password: 'Passw0rd!' },
    ]);
  });

  it('takes at most 11 digits of phone', async () => {
    const { user } = setup();
    await user.type(screen.getByPlaceholderText('手机号'), '138000000012345');
    expect(screen.getByPlaceholderText('手机号')).toHaveValue('13800000001');
  });

  it('shows and hides the password with its eye button, like antd Input.Password', async () => {
    const { user } = setup();
    await user.type(screen.getByPlaceholderText('密码'), 'Passw0rd!');
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: '隐藏' }));
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('type', 'password');
  });

  it('sends nothing more while a login is under way', async () => {
    const { submitted, user } = setup(true);
    await user.type(screen.getByPlaceholderText('手机号'), '13800000001');
    await user.type(screen.getByPlaceholderText('密码'), 'Passw0rd!{Enter}');
    await user.click(submitButton());
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(submitted).toEqual([]);
  });
});
