#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, unit + component + API tests (on PGlite, and on PostgreSQL when one is
// configured), the scale-out test (replicas behind nginx), build, the byte budget of the first loads, then end-to-end tests in Chromium against the
// product started as `npm start` does.
//
// Most steps keep one core busy, so two lanes run side by side on a machine with two cores or more:
//   lane 1: the first third of the API tests on PGlite;
//   lane 2: typecheck, lint, Prettier, the other packages' tests, the build, the byte budget;
// then each lane takes the next of the shared steps, until none is left: the other two thirds on PGlite, the
// API tests on PostgreSQL in three parts, the unit and component tests on the oldest Node, the scale-out test.
// Pieces of a few minutes let both lanes end close together (a lane that ends early takes the next one)
// whichever lane's own steps turn out longer.
// The end-to-end tests run last and alone: they drive a real browser against a real server. While lanes run,
// each step's output is printed in one block when the step ends, so the log reads step by step.
// `npm test -- --serial` (or a one-core machine) runs every step one after the other, streaming.
// Every step runs even after a failure, so one run shows everything that is wrong; the end names the failed tests by step.
// Under a Node older than the supported ones, the whole run goes to the pinned current Node (scripts/lib/node.mjs).
// The pinned oldest supported Node (nodeFor) runs the API tests on PostgreSQL, a second pass of the unit and component
// tests, and the scale-out test: every API, unit and component test runs on both Nodes.
import { availableParallelism } from 'node:os';
import { ensureInstalled, pnpmCapture } from './lib/pnpm.mjs';
import { buildMissingCapture } from './lib/build.mjs';
import { pinnedNode, runUnderSupportedNode } from './lib/node.mjs';
import { countTests, failedTests } from './lib/test-output.mjs';

await runUnderSupportedNode({ install: ensureInstalled });

const serial = process.argv.includes('--serial') || availableParallelism() < 2;
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/** Per step that failed, the tests its output names as failed: printed again at the end of the run. */
const failedTestsOf = new Map();
const running = new Map();

/**
 * Runs one step: `run(stream)` resolves to { code, out }. Alone, its output streams as it comes; beside another
 * lane it is held and printed in one block at the end.
 */
async function step(name, run, { alone = serial } = {}) {
  const started = Date.now();
  if (alone) console.info(`\n=== ${name} ===`);
  else console.info(`--- started: ${name}`);
  running.set(name, started);
  const { code, out } = await run(alone);
  running.delete(name);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!alone) process.stdout.write(`\n=== ${name} ===\n${out}`);
  console.info(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s ===`);
  if (code !== 0) failedSteps.push(name);
  const failed = failedTests(out);
  if (failed.length) failedTestsOf.set(name, failed);
  return code;
}

/** pnpm with the given arguments as a step body; `counted` adds its test totals. */
function pnpm(args, { env, counted = false } = {}) {
  return async (stream) => {
    const result = await pnpmCapture(args, { env: { ...process.env, ...env }, stream });
    if (counted) {
      const { passed, failed } = countTests(result.out);
      totals.passed += passed;
      totals.failed += failed;
    }
    return result;
  };
}

const code = (fn) => async () => ({ code: await fn(), out: '' });

/**
 * The Node a step runs on: 'oldest' is the pinned oldest supported Node when it is installed (Linux x64), else the
 * running one, as 'current' always is. Gives the step's environment and the label its name carries.
 * @param {'current' | 'oldest'} which
 */
function nodeFor(which) {
  const pinned = which === 'oldest' ? pinnedNode('oldest') : null;
  return pinned ? { env: pinned.env, label: `Node ${pinned.version}` } : { env: {}, label: `Node ${process.versions.node}` };
}

if ((await step('install', code(ensureInstalled), { alone: true })) !== 0) process.exit(1);

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const current = nodeFor('current');
const oldest = nodeFor('oldest');
const embedded = { DATABASE_URL: '', TEST_DATABASE_URL: '' };

/**
 * The API tests on one engine as `parts` steps, each running every `parts`-th file (run-tests.mjs
 * --shard); one step alone when `parts` is 1.
 */
function apiTests(engine, script, parts, env, node = current) {
  return Array.from({ length: parts }, (_, index) => {
    const shard = `${index + 1}/${parts}`;
    return () =>
      step(
        parts === 1 ? `API tests (${engine}, ${node.label})` : `API tests (${engine}, files ${shard}, ${node.label})`,
        pnpm(['--filter', 'api-server', 'run', script, ...(parts === 1 ? [] : [`--shard=${shard}`])], { env, counted: true }),
      );
  });
}

// Each pass in three parts (PGlite's ~19 min on a fast machine, PostgreSQL's ~14): lane 1 starts with
// PGlite's first, the rest wait for whichever lane is free first. One after the other (--serial), each
// pass is one step.
const [pgliteFirst, ...pgliteRest] = apiTests('PGlite', 'test', serial ? 1 : 3, embedded);

/**
 * Every package's jest suites but the API server's and the end-to-end ones, on `node`. --no-sort: in dependency
 * order, pnpm skips every package that depends on one that failed (build-tools' failure hid every jest suite), even
 * with --no-bail; these steps need no order.
 */
const unitTests = (node) => () =>
  step(
    `unit and component tests (${node.label})`,
    pnpm(['-r', '--no-bail', '--no-sort', '--workspace-concurrency=1', '--filter', '!e2e', '--filter', '!api-server', 'run', 'test'], {
      env: { ...embedded, ...node.env },
      counted: true,
    }),
  );

/** Steps either lane may run once its own are done, taken in this order (longest first). */
const shared = [...pgliteRest];
if (pgUrl) {
  shared.push(...apiTests('PostgreSQL', 'test:pg', serial ? 1 : 3, { TEST_DATABASE_URL: pgUrl, ...oldest.env }, oldest));
} else {
  console.info('\n(DATABASE_URL is not set: API tests run on the embedded engine only.)');
}
// The same suites a second time, when the oldest supported Node is another Node than the one running them first.
if (oldest.label !== current.label) shared.push(unitTests(oldest));
// Production scaled out: two API replicas and a worker behind nginx on PostgreSQL and Redis. The test
// finds PostgreSQL itself (DATABASE_URL or the local server) and says so when it cannot.
shared.push(() =>
  step(
    `scale-out (2 replicas + worker behind nginx; PostgreSQL, Redis; ${oldest.label})`,
    pnpm(['--filter', 'api-server', 'run', 'test:scale-out'], {
      env: { ...(pgUrl ? { SCALE_OUT_DATABASE_URL: pgUrl } : {}), ...oldest.env },
      counted: true,
    }),
  ),
);

async function drainShared() {
  for (let next = shared.shift(); next; next = shared.shift()) await next();
}

async function apiLane() {
  await pgliteFirst();
  await drainShared();
}

/** Resolves to whether the build succeeded. */
async function workspaceLane() {
  // --no-sort, as in unitTests.
  await step('typecheck', pnpm(['-r', '--no-bail', '--no-sort', '--workspace-concurrency=2', 'run', 'typecheck']));
  await step('lint', pnpm(['-r', '--no-bail', '--no-sort', '--workspace-concurrency=2', 'run', 'lint']));
  // One formatter for the workspace (.prettierrc.json); `npx prettier --write .` fixes what this finds.
  await step('format (Prettier)', pnpm(['exec', 'prettier', '--check', '.']));
  await unitTests(current)();
  const built = await step('build', (stream) => buildMissingCapture({ stream }));
  // A size check, not a timing: the gzip of the JavaScript each entry page loads, and one copy of each singleton.
  if (built === 0) await step('byte budget (Chromium)', pnpm(['--filter', 'bench', 'run', 'byte-budget'], { env: { DATABASE_URL: '' } }));
  await drainShared();
  return built === 0;
}

let built;
if (serial) {
  built = await workspaceLane();
  await apiLane();
} else {
  console.info(`\nTwo lanes side by side (${availableParallelism()} cores); each step prints its output when it ends.`);
  const progress = setInterval(() => {
    const now = Date.now();
    const names = [...running].map(([name, since]) => `${name} (${Math.round((now - since) / 60_000)} min)`);
    if (names.length) console.info(`--- still running: ${names.join('; ')}`);
  }, 300_000);
  [built] = await Promise.all([workspaceLane(), apiLane()]);
  clearInterval(progress);
}

if (built) {
  await step('end-to-end (Chromium)', pnpm(['--filter', 'e2e', 'run', 'test'], { env: { DATABASE_URL: '' }, counted: true }), { alone: true });
} else {
  failedSteps.push('end-to-end (skipped: build failed)');
}

console.info('');
// The failed tests again, by step: a long run's log is often read from its end.
for (const [name, tests] of failedTestsOf) {
  console.info(`Failed in ${name}:`);
  for (const test of tests.slice(0, 20)) console.info(`  ✖ ${test}`);
  if (tests.length > 20) console.info(`  … and ${tests.length - 20} more`);
}
if (failedSteps.length) console.info(`Failed steps: ${failedSteps.join('; ')}`);
console.info(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
