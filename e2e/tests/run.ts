// Starts the product once, runs every end-to-end test file against it (or only the files whose names
// contain one of the arguments: `node --import tsx tests/run.ts shell drafts`), then stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProduct } from '../support/server';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => process.argv.length <= 2 || process.argv.slice(2).some((part) => f.includes(part)))
  .map((f) => path.join(here, f));

// The release webhooks go to a port of the test processes' own (rollout.e2e.ts listens there when it needs them).
const webhookPort = await freePort();
// The console's tests sign in as operators, the rollout's read release health as one: the fresh data
// folder gets its first operator (an admin). Step plans are checked every second (the rollout's plans
// hold no pause), not every minute.
const product = await startProduct(
  { RELEASE_WEBHOOKS: `json=http://127.0.0.1:${webhookPort}/release-alerts`, RELEASE_STEP_CHECK_MS: '1000' },
  { bootstrapOperator: files.some((f) => /^(console|rollout|shell)/.test(path.basename(f))) },
);
let code: number;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: product.baseUrl, E2E_DATA_DIR: product.dataDir, E2E_WEBHOOK_PORT: String(webhookPort) },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} finally {
  await product.stop();
}
process.exit(code);
