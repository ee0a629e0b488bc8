#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, unit + component + API tests (on PGlite, and on PostgreSQL when one is
// configured), the scale-out test (replicas behind nginx), build, the byte budget of the first loads, then end-to-end tests in Chromium against the
// product started as `npm start` does.
// Every step runs even after a failure, so one run shows everything that is wrong.
import { ensureInstalled, pnpmCapture, runPnpm } from './lib/pnpm.mjs';
import { buildMissing } from './lib/build.mjs';

const totals = { passed: 0, failed: 0 };
const failedSteps = [];

/** Adds the counts printed by jest ("Tests: 1 failed, 4 passed") and node's runner ("ℹ pass 4"). */
function count(out) {
  for (const line of out.split('\n')) {
    const jest = line.match(/^Tests:\s+(.*)$/);
    if (jest) {
      totals.passed += Number(jest[1].match(/(\d+) passed/)?.[1] ?? 0);
      totals.failed += Number(jest[1].match(/(\d+) failed/)?.[1] ?? 0);
    }
    const node = line.match(/^(?:ℹ|#) (pass|fail) (\d+)$/);
    if (node) totals[node[1] === 'pass' ? 'passed' : 'failed'] += Number(node[2]);
  }
}

async function step(name, fn) {
  console.info(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await fn();
  console.info(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (code !== 0) failedSteps.push(name);
  return code;
}

async function tests(args, env) {
  const { code, out } = await pnpmCapture(args, env ? { env: { ...process.env, ...env } } : {});
  count(out);
  return code;
}

if ((await step('install', ensureInstalled)) !== 0) process.exit(1);
await step('typecheck', () => runPnpm(['-r', '--no-bail', '--workspace-concurrency=2', 'run', 'typecheck']));
await step('lint', () => runPnpm(['-r', '--no-bail', '--workspace-concurrency=2', 'run', 'lint']));
// One formatter for the workspace (.prettierrc.json); `npx prettier --write .` fixes what this finds.
await step('format (Prettier)', () => runPnpm(['exec', 'prettier', '--check', '.']));
await step('unit, component and API tests (PGlite)', () =>
  tests(['-r', '--no-bail', '--workspace-concurrency=1', '--filter', '!e2e', 'run', 'test'], { DATABASE_URL: '', TEST_DATABASE_URL: '' }),
);
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pgUrl) {
  await step('API tests (PostgreSQL)', () => tests(['--filter', 'api-server', 'run', 'test:pg'], { TEST_DATABASE_URL: pgUrl }));
} else {
  console.info('\n(DATABASE_URL is not set: API tests ran on the embedded engine only.)');
}
// Production scaled out: two API replicas and a worker behind nginx on PostgreSQL and Redis. The test
// finds PostgreSQL itself (DATABASE_URL or the local server) and says so when it cannot.
await step('scale-out (2 replicas + worker behind nginx; PostgreSQL, Redis)', () =>
  tests(['--filter', 'api-server', 'run', 'test:scale-out'], pgUrl ? { SCALE_OUT_DATABASE_URL: pgUrl } : undefined),
);
const built = await step('build', () => buildMissing());
if (built === 0) {
  // A size check, not a timing: the gzip of the JavaScript each entry page loads, and one copy of each singleton.
  await step('byte budget (Chromium)', () => runPnpm(['--filter', 'bench', 'run', 'byte-budget'], { env: { ...process.env, DATABASE_URL: '' } }));
  await step('end-to-end (Chromium)', () => tests(['--filter', 'e2e', 'run', 'test'], { DATABASE_URL: '' }));
} else {
  failedSteps.push('end-to-end (skipped: build failed)');
}

console.info('');
if (failedSteps.length) console.info(`Failed steps: ${failedSteps.join('; ')}`);
console.info(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
