import { nextTask } from './next-task';

/** Resolves once every microtask queued so far, and those they queue in turn, have run. */
async function afterMicrotasks(depth: number): Promise<void> {
  for (let i = 0; i < depth; i += 1) await Promise.resolve();
}

describe('nextTask', () => {
  const original = (globalThis as { scheduler?: unknown }).scheduler;
  afterEach(() => {
    (globalThis as { scheduler?: unknown }).scheduler = original;
  });

  it('goes on in a later task: every microtask queued before and after it runs first', async () => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    void afterMicrotasks(50).then(() => order.push('microtasks'));
    await waited;
    expect(order).toEqual(['microtasks', 'next task']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToBrowser = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToBrowser };
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
