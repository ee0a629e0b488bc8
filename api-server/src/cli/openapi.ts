/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file, without a running
 * server or its data: the app is built on an empty in-memory database, asked for its document and
 * closed. `pnpm --filter api-server openapi [file]` (default `openapi.json` in the current folder).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';

const target = path.resolve(process.argv[2] ?? 'openapi.json');
const database = await openDatabase({ databaseUrl: '' });
try {
  const config = { ...loadConfig({}), databaseUrl: '', logLevel: 'silent', videoWorkerIntervalMs: 0, scoreDailyIntervalMs: 0, releaseStepCheckMs: 0 };
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.info(`OpenAPI document written to ${target}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
