/**
 * The embedded storage on a thread of its own (STORAGE_PORT): a worker thread runs the same OSS
 * routes (features/oss) on their own port, and the upload credentials send the browser there
 * (plugins/app/storage.ts `uploadOriginFor`). An upload's bytes (read from the socket, hashed,
 * written to disk) then never run on the API's event loop: a 1 GB video going up no longer delays
 * anyone's calls. The thread has no database; it asks this one whether the login session behind a
 * set of upload credentials is still usable (the parts of an upload share one question, and a "usable"
 * answer stands for a second: session-check-reuse.ts). The API keeps serving the same
 * routes under /oss on its own port (reads of object URLs, and uploads from credentials minted
 * before, or without, the thread).
 * If the thread stops unexpectedly it is started again; closing the app stops it after its
 * requests in flight.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isSessionUsable } from '../../plugins/app/sessions';
import { entryUrl, RUNS_BUILT } from '../../own-files';
import { uploadSecret } from '../upload/credentials';
import type { ThreadSetup, ToApi, ToStorage } from './storage-thread-messages';

const ENTRY = entryUrl('storage-thread-main');
const RESTART_DELAY_MS = 1000;
/**
 * The thread's young generation, kept small: an upload's socket chunks live outside the heap and are
 * freed only when their small wrappers are collected, so frequent cheap scavenges keep the memory an
 * upload holds to a few MB instead of V8's default tens.
 */
const YOUNG_GENERATION_MB = 8;
/**
 * Built, the thread runs its bundle. From the sources the server runs its TypeScript through tsx, whose
 * loader a worker thread does not inherit on Node 20: the thread registers it first, then imports its
 * entry.
 */
function threadCode(): { code: string | URL; evaluated: boolean } {
  if (RUNS_BUILT) return { code: ENTRY, evaluated: false };
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return { code: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY.href)}); })`, evaluated: true };
}

function start(app: FastifyInstance): Promise<Worker> {
  const setup: ThreadSetup = { config: app.config, uploadSecret: uploadSecret() };
  const { code, evaluated } = threadCode();
  const worker = new Worker(code, { eval: evaluated, workerData: setup, name: 'storage', resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const answer = (message: ToStorage) => worker.postMessage(message);
  worker.on('message', (message: ToApi) => {
    if (message.type === 'stored') app.metrics.countUploadBytes(message.bytes);
    if (message.type !== 'session') return;
    isSessionUsable(app.db, message.sessionId).then(
      (usable) => answer({ type: 'session', id: message.id, usable }),
      (error: unknown) => {
        app.log.error({ err: error }, 'storage thread: the session check failed');
        answer({ type: 'session', id: message.id, usable: null });
      },
    );
  });
  return new Promise((resolve, reject) => {
    const early = (error: unknown) => reject(error instanceof Error ? error : new Error(`the storage thread stopped (exit ${String(error)})`));
    worker.once('error', early);
    worker.once('exit', early);
    worker.once('message', (message: ToApi) => {
      worker.off('error', early).off('exit', early);
      if (message.type === 'listening') resolve(worker);
      else reject(new Error(message.type === 'failed' ? message.message : 'the storage thread did not start'));
    });
  });
}

const storageThread: FastifyPluginAsync = async (app) => {
  const { config } = app;
  if (config.ossBucket || config.storagePort === null) return;
  let worker: Worker | null = null;
  let closing = false;

  const watch = (running: Worker) => {
    running.on('error', (error) => app.log.error({ err: error }, 'storage thread failed'));
    running.once('exit', (code) => {
      if (closing) return;
      app.log.error({ code }, `storage thread stopped; starting it again in ${RESTART_DELAY_MS} ms`);
      worker = null;
      setTimeout(() => {
        if (closing) return;
        start(app).then(
          (restarted) => {
            worker = restarted;
            watch(restarted);
          },
          (error: unknown) => app.log.error({ err: error }, 'storage thread did not start again'),
        );
      }, RESTART_DELAY_MS).unref();
    });
  };

  app.addHook('onReady', async () => {
    worker = await start(app);
    watch(worker);
    app.log.info({ port: config.storagePort }, 'storage thread listening');
  });
  app.addHook('onClose', async () => {
    closing = true;
    const running = worker;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.postMessage({ type: 'close' } satisfies ToStorage);
    await exited;
  });
};

export default storageThread;
