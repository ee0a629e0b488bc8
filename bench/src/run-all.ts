/**
 * `npm run bench [-- --rows N]`: every performance figure in one run.
 *   1. first load: gzip KB of JavaScript per entry page (/login, /index, a remote screen) and the
 *      copies of each shared singleton, in Chromium against the built product (src/first-load.ts);
 *   2. click-to-content of a remote screen against the host's list page of the same kind and its
 *      plain home page (cold medians side by side, and the sequential round trips of code and data;
 *      src/click-to-content.ts), against the same product;
 *   3. the editor's keystroke-to-paint latency in a 50,000-character article against the browser's
 *      own editing on the same page, the editor remote's own JS, and Quill on no other screen
 *      (src/keystroke.ts), against the same product as 1;
 *   4. antd's run-time style generation: main-thread CPU of /index opened cold and of a click into a
 *      remote screen, split into antd's styles, its components, React and the rest
 *      (src/style-cost.ts), against the same product as 1;
 *   5. API latency and throughput: the draft and material list benches at N rows (p50/p95/p99), and
 *      the concurrency bench (many clients, with the bare route /api/runtime/config as the baseline
 *      measured in the same run);
 * `npm run bench -- media [options]` runs only the media bench (src/media.ts: uploads, transcoding);
 * `npm run bench -- video-2gb [--mb 2000]` (or `media-browser`) a creator's largest video end to end in
 * Chromium, with the server's and ffmpeg's peak RSS (src/video-2gb.ts).
 * `npm run bench -- browser-upload [--sizes 37,200,1024] [--profile dir]` Chromium's uploads through
 * /videoWrite against the same browser's bare PUT (src/browser-upload.ts).
 * `npm run bench -- lighthouse` runs only the Lighthouse bench (src/lighthouse.ts), desktop preset;
 * `npm run bench -- lighthouse-mobile` the same with Lighthouse's mobile preset (LH_PRESET=mobile;
 * LH_PRESET=both runs desktop then mobile).
 * `npm run bench -- interactions` the responsiveness of the interactions a creator repeats all day,
 * event to next paint from Chromium's Event Timing, as INP counts it (src/interactions.ts).
 * `--rows` sets the data size (default 20,000: minutes on a laptop; 1000000 for the real figures).
 *
 * `npm run bench -- search` runs only the open-loop search bench (src/search.ts) and exits with its
 * verdict.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from '../../e2e/support/server';
import { measureClickToContent, reportClickToContent } from './click-to-content';
import { measureFirstLoads, report } from './first-load';
import { measureKeystrokes, reportKeystrokes } from './keystroke';
import { measureStyleCost, reportStyleCost } from './style-cost';

const here = path.dirname(fileURLToPath(import.meta.url));
// `npm run bench -- <name> [options]`: one bench alone, with its own options and exit code (and,
// for an alias, its environment).
const SINGLE: Record<string, string | [string, Record<string, string>]> = {
  media: 'media.ts',
  'video-2gb': 'video-2gb.ts',
  'media-browser': 'video-2gb.ts',
  'browser-upload': 'browser-upload.ts',
  search: 'search.ts',
  lighthouse: 'lighthouse.ts',
  'lighthouse-mobile': ['lighthouse.ts', { LH_PRESET: 'mobile' }],
  interactions: 'interactions.ts',
};
const single = SINGLE[process.argv.slice(2).find((a) => a !== '--') ?? ''];
if (single) {
  const [script, env] = typeof single === 'string' ? [single, {}] : single;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  process.exit(await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1))));
}
const argRows = process.argv.indexOf('--rows');
const ROWS = Number(argRows > 0 ? process.argv[argRows + 1] : (process.env.ROWS ?? 20_000));
if (!Number.isInteger(ROWS) || ROWS <= 0) {
  console.error('--rows takes a positive whole number, e.g. --rows 1000000');
  process.exit(2);
}

function run(script: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const failures: string[] = [];
console.info(`\n## 1. First load (Chromium, built product)\n`);
const product = await startProduct();
try {
  const problems = report(await measureFirstLoads(product.baseUrl));
  failures.push(...problems);
  console.info(`\n## 2. Click-to-content: a remote screen against a host screen (Chromium, cold)\n`);
  try {
    failures.push(...reportClickToContent(await measureClickToContent(product.baseUrl)));
  } catch (error) {
    console.info(`click-to-content: the run failed: ${(error as Error).message}`);
    failures.push(`click-to-content: ${(error as Error).message}`);
  }
  console.info(`\n## 3. Editor keystroke latency (Chromium, a 50,000-character article)\n`);
  try {
    failures.push(...reportKeystrokes(await measureKeystrokes(product.baseUrl)));
  } catch (error) {
    console.info(`editor keystroke latency: the run failed: ${(error as Error).message}`);
    failures.push(`keystroke: ${(error as Error).message}`);
  }
  console.info(`\n## 4. antd style cost (Chromium, CPU profile of a screen's first render)\n`);
  try {
    reportStyleCost(await measureStyleCost(product.baseUrl));
  } catch (error) {
    console.info(`style cost: the run failed: ${(error as Error).message}`);
    failures.push(`style cost: ${(error as Error).message}`);
  }
} finally {
  await product.stop();
}

console.info(`\n## 5. API at ${ROWS.toLocaleString('en')} rows\n`);
for (const [script, args, env] of [
  ['drafts.ts', [], { ROWS: String(ROWS) }],
  ['materials.ts', [String(ROWS)], {}],
  ['concurrency.ts', [], { CLIENTS: process.env.CLIENTS ?? '50' }],
] as const) {
  console.info(`\n### ${script}\n`);
  const code = await run(script, [...args], env);
  if (code !== 0) failures.push(`${script} exited ${code}`);
}

console.info(failures.length ? `\nbench: ${failures.length} problem(s)\n  ${failures.join('\n  ')}` : '\nbench: done');
process.exit(failures.length ? 1 : 0);
