/**
 * The storage thread (features/oss/storage-thread.ts): the embedded storage's OSS routes on
 * STORAGE_PORT, in a worker thread of the API's process, so upload bytes have an event loop of their
 * own. No database: the API's thread answers whether an upload's login session is still usable.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import crossOrigin from './features/oss/cross-origin';
import oss from './features/oss';
import { reuseSessionChecks } from './features/oss/session-check-reuse';
import { storedUploadBytes } from './features/oss/stored-bytes';
import type { ThreadSetup, ToApi, ToStorage } from './features/oss/storage-thread-messages';
import { adoptProcessUploadSecret } from './features/upload/credentials';
import { loggerOptions } from './lib/log-redaction';
import { OneLineRequestLog, stdoutLog } from './lib/request-log';
import { lowerThisThreadsPriority } from './lib/thread-priority';
import errorHandler from './plugins/app/error-handler';
import storagePlugin, { embeddedObjectStore } from './plugins/app/storage';

if (!parentPort) throw new Error('storage-thread-main runs as a worker thread of the API server');
// Upload bytes are bulk work: on busy cores the API's thread (people's calls) runs first.
lowerThisThreadsPriority();
const port = parentPort;
const { config, uploadSecret } = workerData as ThreadSetup;
adoptProcessUploadSecret(uploadSecret);
const tell = (message: ToApi) => port.postMessage(message);

// Session checks in flight, by id: the API's thread answers each one.
const checks = new Map<number, { resolve: (usable: boolean) => void; reject: (error: Error) => void }>();
let nextCheck = 0;
function askTheApi(sessionId: number): Promise<boolean> {
  const id = ++nextCheck;
  return new Promise((resolve, reject) => {
    checks.set(id, { resolve, reject });
    tell({ type: 'session', id, sessionId });
  });
}
// The parts of one upload share a check, and a "usable" answer stands for a second.
const sessionUsable = reuseSessionChecks(askTheApi);

const app = Fastify({ logger: loggerOptions(config.logLevel, stdoutLog), logController: new OneLineRequestLog(), trustProxy: config.trustProxy });
app.decorate('config', config);
// Its bytes are written by this thread (low priority), not by the process's thread pool.
await app.register(storagePlugin, { store: embeddedObjectStore(config, 'own-thread') });
await app.register(errorHandler);
await app.register(crossOrigin);
// Upload bytes for the API's /metrics, summed and told at most once a second.
let storedBytes = 0;
const STORED_EVERY_MS = 1000;
const storedTimer = setInterval(() => {
  if (storedBytes === 0) return;
  tell({ type: 'stored', bytes: storedBytes });
  storedBytes = 0;
}, STORED_EVERY_MS);
storedTimer.unref();
app.addHook('onResponse', async (request, reply) => {
  storedBytes += storedUploadBytes(request, reply);
});
// The API's own instance sweeps abandoned multipart uploads; one sweeper is enough.
await app.register(oss, { sessionUsable, sweepAbandoned: false, fileWrites: 'own-thread' });

port.on('message', (message: ToStorage) => {
  if (message.type === 'session') {
    const check = checks.get(message.id);
    checks.delete(message.id);
    if (message.usable === null) check?.reject(new Error('the session check failed'));
    else check?.resolve(message.usable);
    return;
  }
  // Close: finish the requests in flight, then let the thread end.
  clearInterval(storedTimer);
  void app.close().then(() => port.close());
});

try {
  await app.listen({ port: config.storagePort ?? 0, host: config.host });
  const address = app.server.address();
  tell({ type: 'listening', port: address && typeof address === 'object' ? address.port : 0 });
} catch (error) {
  tell({ type: 'failed', message: `the storage port ${String(config.storagePort)}: ${error instanceof Error ? error.message : String(error)}` });
  await app.close();
  port.close();
}
