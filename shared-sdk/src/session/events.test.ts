import { emitSessionEvent, onSessionEvent, UNHEARD_DIALOG_KEPT_MS } from './events';

it('delivers typed payloads until unsubscribed, and says whether anyone heard', () => {
  const heard: string[] = [];
  const off = onSessionEvent('token-expired', ({ message }) => heard.push(message));
  expect(emitSessionEvent('token-expired', { message: '登录已过期，请重新登录' })).toBe(true);
  off();
  expect(emitSessionEvent('token-expired', { message: 'again' })).toBe(false);
  expect(heard).toEqual(['登录已过期，请重新登录']);
});

it('keeps delivering to the other listeners when one throws', () => {
  const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const second = jest.fn();
  const offs = [
    onSessionEvent('logout', () => {
      throw new Error('broken listener');
    }),
    onSessionEvent('logout', second),
  ];
  emitSessionEvent('logout', {});
  offs.forEach((off) => off());
  expect(second).toHaveBeenCalledWith({});
  expect(errorSpy).toHaveBeenCalled();
  errorSpy.mockRestore();
});

describe('a dialog request sent before the host listens', () => {
  afterEach(() => jest.useRealTimers());

  it("reaches the host's first listener once, when it subscribes soon after", () => {
    const ban = { ban_type: 1, ban_range: '3' } as never;
    expect(emitSessionEvent('banned', { range: '3', ban })).toBe(false);
    const first = jest.fn();
    const second = jest.fn();
    const offs = [onSessionEvent('banned', first), onSessionEvent('banned', second)];
    offs.forEach((off) => off());
    expect(first).toHaveBeenCalledWith({ range: '3', ban });
    expect(second).not.toHaveBeenCalled();
  });

  it('is dropped when nobody listens in time, and other events are never kept', () => {
    jest.useFakeTimers();
    emitSessionEvent('cert-required', {});
    jest.advanceTimersByTime(UNHEARD_DIALOG_KEPT_MS + 1);
    const late = jest.fn();
    onSessionEvent('cert-required', late)();
    expect(late).not.toHaveBeenCalled();

    emitSessionEvent('token-expired', { message: '登录已过期，请重新登录' });
    const expired = jest.fn();
    onSessionEvent('token-expired', expired)();
    expect(expired).not.toHaveBeenCalled();
  });
});
