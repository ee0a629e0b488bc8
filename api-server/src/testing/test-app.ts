/** Builds the app for a test on the file's shared database, with a throw-away web root. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { TestDatabase } from './test-database';

export const TEST_APP_ID = 'test-app';
export const TEST_APP_SECRET = 'test-secret';

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    appId: TEST_APP_ID,
    appSecret: TEST_APP_SECRET,
    dataDir: path.join(tmpdir(), 'creator-test-unused'),
    logLevel: 'silent',
    rateLimitPerMinute: 10_000,
    // Tests run the video worker's steps themselves, with their own clock.
    videoWorkerIntervalMs: 0,
    scoreDailyIntervalMs: 0,
    releaseStepCheckMs: 0,
    ...overrides,
  };
}

export async function buildTestApp(
  database: TestDatabase,
  overrides: Partial<AppConfig> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ databaseUrl: database.url, ...overrides }), { ...deps, database, logger: false });
  await app.ready();
  return app;
}
