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

/**
 * The app on a test database, ready. It logs only when given a `logStream` (at the config's
 * `logLevel`, `silent` unless overridden); `beforeReady` adds to it what only the test serves (routes).
 */
export async function buildTestApp(
  database: TestDatabase,
  overrides: Partial<AppConfig> = {},
  deps: TestAppDependencies = {},
  beforeReady?: (app: FastifyInstance) => unknown,
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ databaseUrl: database.url, ...overrides }), { logger: deps.logStream !== undefined, ...deps, database });
  await beforeReady?.(app);
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
  /**
   * Another app (`buildTestApp`) on the same database, for the file's whole run: a second
   * configuration, an app on top of the first one's storage, the server restarted. Closed at
   * tear-down before the harness's app, the last built first; closing it earlier does no harm.
   */
  buildApp(overrides?: Partial<AppConfig>, deps?: TestAppDependencies): Promise<FastifyInstance>;
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
  /** Adds to the app before it is ready: routes only the test serves. */
  beforeReady?: (app: FastifyInstance) => unknown;
}

/**
 * The set-up most API test files share, registered with node:test where it is called (a `describe`
 * body, or the file's top level): a `before` hook opens a test database; an `after` hook closes it,
 * then runs the clean-ups, each step even if one before it failed. Inside a `describe`, hooks run in
 * the order they are registered: a `before` registered earlier runs first (start a fake server there
 * and read it in a function `overrides`), an `after` registered earlier runs before the tear-down
 * (the database still open); `before` and `after` hooks registered later run after these (the app
 * is ready in the first, closed in the second).
 */
export function setUpTestDatabase(options: TestDatabaseOptions = {}): TestDatabaseHarness {
  return registerHarness(
    options,
    async () => undefined,
    () => ({}),
  );
}

/** `setUpTestDatabase`, plus the app that `buildTestApp` builds on it, closed before the database. */
export function setUpTestApp(options: TestAppOptions = {}): TestAppHarness {
  return registerHarness(
    options,
    async (database) => {
      const { overrides = {}, deps = {} } = options;
      const config = typeof overrides === 'function' ? await overrides(database) : overrides;
      const dependencies = typeof deps === 'function' ? await deps(database) : deps;
      return buildTestApp(database, config, dependencies, options.beforeReady);
    },
    (harness, closeFirst) => ({
      buildApp: async (overrides?: Partial<AppConfig>, deps?: TestAppDependencies) => {
        const other = await buildTestApp(harness.database, overrides, deps);
        closeFirst(() => other.close());
        return other;
      },
    }),
  );
}

function registerHarness<App extends FastifyInstance | undefined, Extra extends object>(
  options: TestDatabaseOptions<TestDatabaseHarness & { readonly app: App } & Extra>,
  build: (database: TestDatabase) => Promise<App>,
  extend: (harness: TestDatabaseHarness, closeFirst: (task: () => unknown) => void) => Extra,
): TestDatabaseHarness & { readonly app: App } & Extra {
  let database: TestDatabase | undefined;
  let app: { built: App } | undefined;
  const cleanUps = [...(options.cleanUp ?? [])];
  // Run before the app and the database close, the last added first.
  const closings: Array<() => unknown> = [];
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
  const extended = Object.assign(
    harness,
    extend(harness, (task) => void closings.unshift(task)),
  );

  before(async () => {
    database = await openTestDatabase();
    app = { built: await build(database) };
    await options.prepare?.(extended);
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
    for (const task of closings) await attempt(task);
    if (app) await attempt(() => app?.built?.close());
    if (database) await attempt(() => database?.close());
    for (const task of cleanUps) await attempt(task);
    if (errors.length) throw errors[0];
  });
  return extended;
}
