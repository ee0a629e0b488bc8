import { ApiCode } from '../contract';
import { onSessionEvent } from '../session/events';
import { failureCode, failureText } from './query-failure';

describe('failureText', () => {
  it('is the server’s message for a refusal, and its code is readable', () => {
    const refusal = { kind: 'business', code: 1009, message: '您已提交申诉，请等待处理' };
    expect(failureText(refusal)).toBe('您已提交申诉，请等待处理');
    expect(failureCode(refusal)).toBe(1009);
  });

  it('is nothing for an expired token (the host reacts) or a cancelled call', () => {
    expect(failureText({ kind: 'token-expired', message: '登录已过期' })).toBeNull();
    expect(failureText({ kind: 'canceled', message: '' })).toBeNull();
  });

  it('opens the real-name dialog when the server asks for real-name verification', () => {
    const heard = jest.fn();
    const off = onSessionEvent('cert-required', heard);
    try {
      expect(failureText({ kind: 'business', code: ApiCode.CERT_REQUIRED, message: '请完成实名认证' })).toBe('请完成实名认证');
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('reads a thrown non-SDK error as 请求错误, with no code', () => {
    expect(failureText(new TypeError('x is undefined'))).toBe('请求错误');
    expect(failureCode(new TypeError('x'))).toBeUndefined();
  });
});
