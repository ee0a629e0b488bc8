// Node 20 does not expand globs in `--test` arguments: find the test files, then hand them over.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync('src', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`)
  .sort();
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
