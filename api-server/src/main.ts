/**
 * Starts the server. The embedded default (`npm start`) migrates, seeds the demo accounts and
 * listens. APP_ENV=production seeds nothing, migrates nothing (`npm run migrate` does, once, before
 * the replicas roll) and refuses to start on a schema behind its code. SIGINT/SIGTERM drain
 * (lib/drain.ts), then close.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { pgliteDirFor } from './db/connect';
import { migrateToLatest, pendingMigrations, schemaBehindMessage } from './db/migrate';
import { prepareEmbeddedDatabase } from './db/pglite-prepare';
import { describeFfmpeg, ffmpegForStart } from './features/video/ffmpeg';
import { drain, trackInFlight } from './lib/drain';
import { seedDemoData } from './seed';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemoNewspapersInBackground } from './seed/newspapers';

const refuse = (error: unknown): never => {
  // A missing or partial setting, a database in use: name it plainly, no stack.
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return refuse(error);
  }
})();
// A server that transcodes says which ffmpeg it runs; production refuses the bundled 2018 build
// unless FFMPEG_ALLOW_BUNDLED=1 (features/video/ffmpeg.ts).
const ffmpeg = (() => {
  if (config.videoWorkerIntervalMs === 0) return null;
  try {
    return ffmpegForStart();
  } catch (error) {
    return refuse(error);
  }
})();
const ffmpegText = ffmpeg ? describeFfmpeg(ffmpeg) : Promise.resolve('none on this server (VIDEO_WORKER_INTERVAL_MS=0)');
// The embedded database is created and migrated in a child process first (db/pglite-prepare.ts), so
// the memory that takes leaves with the child instead of staying with the server.
if (!config.production && !config.databaseUrl) await prepareEmbeddedDatabase(pgliteDirFor(config.dataDir)).catch(refuse);
const app = await buildApp(config).catch(refuse);
const inFlight = trackInFlight(app);

try {
  if (config.production) {
    const pending = await pendingMigrations(app.db);
    if (pending.length) throw new Error(schemaBehindMessage(pending));
  } else {
    const applied = await migrateToLatest(app.db);
    if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
    const seeded = await seedDemoData(app.db, app.storage);
    if (seeded.length) app.log.info({ accounts: seeded }, 'demo accounts created');
  }
  await app.listen({ port: config.port, host: config.host });
  if (!config.production) void seedDemoNewspapersInBackground(app);
} catch (error) {
  await app.close().catch(() => {});
  refuse(error);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// PORT=0 takes a free port (tests, several replicas on one machine): say which.
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
app.log.info({ ffmpeg: ffmpeg?.path ?? null }, `video transcoding: ${await ffmpegText}`);
app.log.info(
  `creator back-office ready at http://${shownHost}:${port}/ (${config.production ? 'production; ' : ''}database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; storage: ${config.ossBucket ? `OSS bucket ${config.ossBucket.bucket}` : 'embedded'}; limits: ${config.redisUrl ? 'Redis' : 'this process'})`,
);
if (!config.production) {
  // A person reads this, not a log collector: plain lines with where to go and how to log in.
  console.info(
    [
      '',
      `  Creator back-office is running: open http://${shownHost}:${port}/`,
      `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
      ...(config.storagePort !== null && !config.ossBucket ? [`  Uploads: the storage thread on port ${config.storagePort} (STORAGE_PORT)`] : []),
      `  Video transcoding: ${await ffmpegText}`,
      '  Demo logins (phone / password):',
      ...DEMO_ACCOUNTS.map((a) => `    ${a.phone} / ${a.password}  ${a.description}`),
      '  Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: no new connections, finishing the requests in flight (at most ${config.shutdownGraceMs} ms)`);
    // Closing the app closes the database; PGlite must flush its files before the process exits.
    // Behind a proxy (production), idle keep-alive connections get a moment for a request in transit.
    drain(app, inFlight, config.shutdownGraceMs, config.production || config.trustProxy ? 2_000 : 0).then(
      ({ timedOut }) => {
        if (timedOut) app.log.warn('shutdown grace period over: requests still in flight were cut');
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
