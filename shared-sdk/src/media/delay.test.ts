/**
 * @jest-environment node
 */
import { delay } from './video-upload';

describe('delay', () => {
  it('resolves after the time and leaves no abort listener on the signal', async () => {
    const controller = new AbortController();
    const added = jest.spyOn(controller.signal, 'addEventListener');
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    await delay(5, controller.signal);
    expect(added).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledWith('abort', added.mock.calls[0]?.[1]);
  });

  it('rejects as canceled as soon as the signal aborts, or at once when it already has', async () => {
    const controller = new AbortController();
    const waiting = delay(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'canceled' });
    await expect(delay(60_000, controller.signal)).rejects.toMatchObject({ kind: 'canceled' });
  });
});
