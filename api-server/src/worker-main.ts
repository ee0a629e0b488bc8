/**
 * A transcoding worker as its own process (`npm run worker`): the server's configuration, database and
 * storage, no HTTP. It takes one video job at a time through the database lease, so any number of
 * them may run beside the API servers (which can then run none: VIDEO_WORKER_INTERVAL_MS=0). SIGTERM
 * or SIGINT stops ffmpeg, hands the job in hand back for another worker, and exits.
 */
import { loadConfig } from './config';
import { openDatabase, pgliteDirFor } from './db/connect';
import { pendingMigrations, schemaBehindMessage } from './db/migrate';
import { describeFfmpeg, ffmpegForStart } from './features/video/ffmpeg';
import { startWorker } from './features/video/worker';
import { objectStoreFor } from './plugins/app/storage';

/** The poll interval when VIDEO_WORKER_INTERVAL_MS is 0 (that setting turns off the API servers' own worker). */
const DEFAULT_POLL_MS = 2000;

const line = (level: string) => (obj: object, msg: string) =>
  (level === 'warn' ? console.warn : console.info)(JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, msg, ...obj }));
const log = { info: line('info'), warn: line('warn') };

function fail(message: string): never {
  console.error(`Cannot start the video worker: ${message}`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
// Production refuses the bundled 2018 ffmpeg unless FFMPEG_ALLOW_BUNDLED=1 (features/video/ffmpeg.ts).
const ffmpeg = (() => {
  try {
    return ffmpegForStart();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
// Beside a running server this needs PostgreSQL: the embedded database belongs to the one process
// that opened it (and `npm start` transcodes by itself).
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }).catch((error: unknown) =>
  fail(
    `${error instanceof Error ? error.message : String(error)}${config.databaseUrl ? '' : ' (beside a running server, set DATABASE_URL to its PostgreSQL)'}`,
  ),
);
// A worker never migrates: in production it refuses a schema behind its code, as the replicas do.
if (config.production) {
  const pending = await pendingMigrations(database.db);
  if (pending.length) {
    await database.close();
    fail(schemaBehindMessage(pending));
  }
}
const pollMs = config.videoWorkerIntervalMs || DEFAULT_POLL_MS;
// Said before the worker starts, so that its first lines (and a signal) find the handlers below in place.
const ffmpegText = await describeFfmpeg(ffmpeg);
const worker = startWorker({ db: database.db, storage: objectStoreFor(config), log }, pollMs);
// The worker's own timer does not hold a process open (inside a server it must not); here it is the process.
const keepAlive = setInterval(() => undefined, 60_000);
log.info(
  { pollMs, ffmpeg: ffmpegText, storage: config.ossBucket ? `OSS bucket ${config.ossBucket.bucket}` : `embedded in ${config.dataDir}` },
  'video worker ready',
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'video worker stopping');
    clearInterval(keepAlive);
    worker
      .stop({ release: true })
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'video worker stop failed');
          process.exit(1);
        },
      );
  });
}
