/** Bulk threads yield: the storage thread's priority drops, the API's thread keeps its own. */
import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { BULK_THREAD_NICE, thisThreadsNice } from './thread-priority';

const MODULE = new URL('./thread-priority.ts', import.meta.url).href;
const TSX_API = import.meta.resolve('tsx/esm/api');

describe('lowerThisThreadsPriority', () => {
  it("lowers the calling thread's priority and leaves the process's other threads as they were", async () => {
    const mainBefore = thisThreadsNice();
    const code = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(MODULE)}); })
      .then(({ lowerThisThreadsPriority, thisThreadsNice }) => require('node:worker_threads').parentPort.postMessage({ set: lowerThisThreadsPriority(), now: thisThreadsNice() }))`;
    const worker = new Worker(code, { eval: true });
    const answer = await new Promise<{ set: number | null; now: number | null }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    if (process.platform !== 'linux') {
      // Only Linux gives each thread its own priority: elsewhere nothing changes.
      assert.deepEqual(answer, { set: null, now: null });
      return;
    }
    assert.equal(answer.set, Math.max(BULK_THREAD_NICE, mainBefore ?? 0));
    assert.equal(answer.now, answer.set);
    assert.equal(thisThreadsNice(), mainBefore, "the API's thread keeps its priority");
    assert.equal(os.getPriority(process.pid), mainBefore);
  });
});
