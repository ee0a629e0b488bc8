import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Input, theme } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import type { LoginRequest } from 'shared-sdk';

export const LOGIN_MESSAGES = {
  PHONE_REQUIRED: '请输入手机号',
  PHONE_INVALID: '请输入正确的手机号',
  PASSWORD_REQUIRED: '请输入密码',
} as const;

type Field = keyof LoginRequest;

/** The rule of each field, in antd Form's order: required first, then the format. */
export function loginFieldError(field: Field, value: string): string | null {
  if (field === 'phone') {
    if (!value) return LOGIN_MESSAGES.PHONE_REQUIRED;
    return /^1\d{10}$/.test(value) ? null : LOGIN_MESSAGES.PHONE_INVALID;
  }
  return value ? null : LOGIN_MESSAGES.PASSWORD_REQUIRED;
}

/**
 * Phone and password with antd's inputs and its form's look and timing (a field is checked as it
 * changes once touched, every field on submit), without antd's Form: Form brings its validator,
 * the grid and tooltips, about a tenth of the page's script, for two fields.
 */
export function LoginForm({ submitting, onSubmit }: { submitting: boolean; onSubmit: (values: LoginRequest) => void }) {
  const { token } = theme.useToken();
  const [values, setValues] = useState<LoginRequest>({ phone: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({ phone: false, password: false });
  const errorOf = (field: Field) => (checked[field] ? loginFieldError(field, values[field]) : null);

  const change = (field: Field, value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    setChecked((now) => ({ ...now, [field]: true }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked({ phone: true, password: true });
    if (loginFieldError('phone', values.phone) || loginFieldError('password', values.password)) return;
    onSubmit(values);
  };

  /** What both inputs take from their field: value, error look and its description, change. */
  const inputProps = (field: Field) => {
    const error = errorOf(field);
    return {
      size: 'large' as const,
      value: values[field],
      status: error ? ('error' as const) : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `login-${field}-error` : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    };
  };

  const item = (field: Field, input: ReactNode) => {
    const error = errorOf(field);
    return (
      <div style={{ marginBottom: error ? 0 : token.marginLG }}>
        {input}
        {error ? (
          <div id={`login-${field}-error`} role="alert" style={{ color: token.colorError, fontSize: token.fontSize, lineHeight: `${token.marginLG}px`, minHeight: token.marginLG }}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      {item('phone', <Input {...inputProps('phone')} prefix={<MobileOutlined />} placeholder="手机号" autoComplete="username" maxLength={11} />)}
      {item('password', <Input.Password {...inputProps('password')} prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />)}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}
