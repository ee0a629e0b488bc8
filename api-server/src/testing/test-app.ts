/** Builds the app for a test on the file's shared database, with a throw-away web root. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type TestDatabase, openTestDatabase } from './test-database';

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

type TestAppDependencies = Omit<AppDependencies, 'database'>;

export async function buildTestApp(database: TestDatabase, overrides: Partial<AppConfig> = {}, deps: TestAppDependencies = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ databaseUrl: database.url, ...overrides }), { ...deps, database, logger: false });
  await app.ready();
  return app;
}

/** A value, or how to compute it at set-up time (after the `before` hooks registered earlier ran). */
type AtSetUp<T> = T | ((database: TestDatabase) => T | Promise<T>);

export interface TestDatabaseHarness {
  /** The database; throws if read before the set-up ran (e.g. in a `describe` body). */
  readonly database: TestDatabase;
  /** Adds a clean-up, run after the database (and app) closed, after those added before it. */
  cleanUp(task: () => unknown): void;
}

export interface TestAppHarness extends TestDatabaseHarness {
  /** The app, ready; throws if read before the set-up ran. */
  readonly app: FastifyInstance;
}

export interface TestDatabaseOptions<Harness = TestDatabaseHarness> {
  /**
   * More set-up, run at the end of the same `before` hook (sign-ins, rows). Inside a `describe`, a
   * `before` registered after this call does the same; at a file's top level, Node 20 starts the
   * `before` hooks without waiting for each other, so set-up that needs the app goes here.
   */
  prepare?: (harness: Harness) => unknown;
  /** Run at tear-down after the database (and app) closed, in this order: e.g. a `tempDir`'s `remove`. */
  cleanUp?: Array<() => unknown>;
}

export interface TestAppOptions extends TestDatabaseOptions<TestAppHarness> {
  /** Config over `testConfig()`. */
  overrides?: AtSetUp<Partial<AppConfig>>;
  deps?: AtSetUp<TestAppDependencies>;
}

/**
 * The set-up most API test files share, registered with node:test where it is called (a `describe`
 * body, or the file's top level): a `before` hook opens a test database; an `after` hook closes it,
 * then runs the clean-ups, each step even if one before it failed. Inside a `describe`, hooks run in
 * the order they are registered: a `before` registered earlier runs first (start a fake server there
 * and read it in a function `overrides`); `before` and `after` hooks registered later run after
 * these (the app is ready in the first, closed in the second).
 */
export function setUpTestDatabase(options: TestDatabaseOptions = {}): TestDatabaseHarness {
  return registerHarness(options, async () => undefined);
}

/** `setUpTestDatabase`, plus the app that `buildTestApp` builds on it, closed before the database. */
export function setUpTestApp(options: TestAppOptions = {}): TestAppHarness {
  return registerHarness(options, async (database) => {
    const { overrides = {}, deps = {} } = options;
    const config = typeof overrides === 'function' ? await overrides(database) : overrides;
    const dependencies = typeof deps === 'function' ? await deps(database) : deps;
    return buildTestApp(database, config, dependencies);
  });
}

function registerHarness<App extends FastifyInstance | undefined>(
  options: TestDatabaseOptions<TestDatabaseHarness & { readonly app: App }>,
  build: (database: TestDatabase) => Promise<App>,
): TestDatabaseHarness & { readonly app: App } {
  let database: TestDatabase | undefined;
  let app: { built: App } | undefined;
  const cleanUps = [...(options.cleanUp ?? [])];
  const unready = (what: string) =>
    new Error(
      `${what} is not set up: read it in a test or a hook (not while the describe body is collected), ` +
        'after the before hook of setUpTestApp/setUpTestDatabase (if that hook failed, see its error)',
    );
  const harness = {
    get database() {
      if (!database) throw unready('The test database');
      return database;
    },
    get app() {
      if (!app) throw unready('The test app');
      return app.built;
    },
    cleanUp: (task: () => unknown) => void cleanUps.push(task),
  };

  before(async () => {
    database = await openTestDatabase();
    app = { built: await build(database) };
    await options.prepare?.(harness);
  });
  after(async () => {
    const errors: unknown[] = [];
    const attempt = async (step: () => unknown) => {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    };
    if (app) await attempt(() => app?.built?.close());
    if (database) await attempt(() => database?.close());
    for (const task of cleanUps) await attempt(task);
    if (errors.length) throw errors[0];
  });
  return harness;
}
