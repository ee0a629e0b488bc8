/** Starts the server: migrate, seed the demo accounts, listen; closes cleanly on SIGINT/SIGTERM. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './seed';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemoNewspapersInBackground } from './seed/newspapers';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A bad or partial setting (e.g. OSS_BUCKET without OSS_STS_ROLE_ARN): name it, no stack.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
})();
const app = await buildApp(config).catch((error: unknown) => {
  // Typically the embedded database is in use by another process: say so plainly.
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

try {
  const applied = await migrateToLatest(app.db);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedDemoData(app.db, app.storage);
  if (seeded.length) app.log.info({ accounts: seeded }, 'demo accounts created');
  await app.listen({ port: config.port, host: config.host });
  seedDemoNewspapersInBackground(app);
} catch (error) {
  app.log.error({ err: error }, 'server failed to start');
  await app.close();
  process.exit(1);
}

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(`creator back-office ready at http://${shownHost}:${config.port}/ (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; storage: ${config.ossBucket ? `OSS bucket ${config.ossBucket.bucket}` : 'embedded'})`);
// A person reads this, not a log collector: plain lines with where to go and how to log in.
console.info(
  [
    '',
    `  Creator back-office is running: open http://${shownHost}:${config.port}/`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    '  Demo logins (phone / password):',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.phone} / ${a.password}  ${a.description}`),
    '  Stop with Ctrl+C.',
    '',
  ].join('\n'),
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Closing the app closes the database; PGlite must flush its files before the process exits.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
