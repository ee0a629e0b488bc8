interface TaskScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the page, so that what waits (a file that has arrived, a click, a
 * paint) runs before the caller's next step: start-up work split this way blocks the page in
 * short tasks instead of one long one. `scheduler.yield()` where the browser has it (the caller
 * goes on before other queued work of the page), a message otherwise (no timer clamping).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
