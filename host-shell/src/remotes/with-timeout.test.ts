import { LIMITS } from 'shared-sdk';
import { withTimeout } from './with-timeout';

describe('withTimeout', () => {
  afterEach(() => jest.useRealTimers());

  it('rejects only once the lazy-screen timeout (120 s) has passed', async () => {
    jest.useFakeTimers();
    const outcome = jest.fn();
    withTimeout(new Promise(() => {}), LIMITS.LAZY_SCREEN_TIMEOUT_MS, () => new Error('timed out')).catch(outcome);
    await jest.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(new Error('timed out'));
  });

  it('passes the value through when it settles in time', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 1000, () => new Error('late'))).resolves.toBe('screen');
  });
});
