import { emitSessionEvent, onSessionEvent } from './events';

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
