import { useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { LoginRequest } from 'shared-sdk';
import { EyeIcon, EyeInvisibleIcon, LoadingIcon, LockIcon, MobileIcon } from './login-icons';

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
 * Phone and password drawn like antd's large Input and Input.Password, with its form's timing (a field
 * is checked as it changes once touched, every field on submit), in plain elements (login.css): /login
 * loads no antd at all, about a third of its script.
 */
export function LoginForm({ submitting, onSubmit }: { submitting: boolean; onSubmit: (values: LoginRequest) => void }) {
  const [values, setValues] = useState<LoginRequest>({ phone: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({ phone: false, password: false });
  const [passwordShown, setPasswordShown] = useState(false);
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

  /** What both inputs take from their field: value, error state and its description, change. */
  const inputProps = (field: Field) => {
    const error = errorOf(field);
    return {
      value: values[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `login-${field}-error` : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    };
  };

  /** The input's box (prefix icon, input, suffix) and, under it, the field's error. */
  const item = (field: Field, prefix: ReactNode, input: ReactNode, suffix?: ReactNode) => {
    const error = errorOf(field);
    return (
      <div className={error ? 'login-field login-field-invalid' : 'login-field'}>
        <span className={error ? 'login-input login-input-invalid' : 'login-input'}>
          <span className="login-input-prefix">{prefix}</span>
          {input}
          {suffix ? <span className="login-input-suffix">{suffix}</span> : null}
        </span>
        {error ? (
          <div id={`login-${field}-error`} className="login-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    );
  };
  // As antd's Button: a click while loading does nothing (Enter in a field clicks it too).
  const guardLoading = (event: MouseEvent) => {
    if (submitting) event.preventDefault();
  };
  return (
    <form onSubmit={submit} noValidate>
      {item('phone', <MobileIcon />, <input {...inputProps('phone')} type="text" placeholder="手机号" autoComplete="username" maxLength={11} />)}
      {item(
        'password',
        <LockIcon />,
        <input {...inputProps('password')} type={passwordShown ? 'text' : 'password'} placeholder="密码" autoComplete="current-password" />,
        <button
          type="button"
          className="login-password-toggle"
          aria-label={passwordShown ? '隐藏' : '显示'}
          aria-pressed={passwordShown}
          // The focus stays in the password field, as with antd's toggle.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setPasswordShown((shown) => !shown)}
        >
          {passwordShown ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>,
      )}
      <button type="submit" className="login-submit" aria-busy={submitting || undefined} onClick={guardLoading}>
        {submitting ? <LoadingIcon /> : null}
        {/* antd's Button spaces two Chinese characters: the same text, drawn the same. */}
        <span>登 录</span>
      </button>
    </form>
  );
}
