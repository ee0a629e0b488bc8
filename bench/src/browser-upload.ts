/**
 * `npm run bench -- browser-upload [--sizes 37,200,1024] [--profile dir] [--timeline] [--base-url url]`: uploads at the browser's
 * own speed. The built product started as `npm start` runs it (its transcoding worker off, so no
 * ffmpeg competes for the cores); Chromium picks each file in /videoWrite's upload button, as a
 * person does, and the time runs from the input's change event to the field leaving 上传中 (the
 * object stored and committed: 上传成功). In the same run, the same browser PUTs the same file with
 * fetch from a page of a bare Node route that streams the body to disk (media/bare-put.ts), before
 * and after each upload; the ratio is the bare PUT's mean time over the upload's.
 *
 * During each upload the cheap call (GET /api/runtime/config, media/probe.ts) is timed against the
 * product and, in the same window, against the bare route: the product's p99 must stay within
 * max(1.25 × the bare route's p99 in that window, 2 × the product's idle p99).
 *
 * The files are random bytes behind an MP4 `ftyp` box: committing a video reads its first bytes
 * only, and random bytes are what a compressed video looks like to the upload.
 *
 * `--base-url http://127.0.0.1:8080` measures a product already running instead of starting one.
 * `--profile dir` also records a CPU profile of the page during the first upload (DevTools
 * Profiler) and its storage requests, writes them to dir and prints where the main thread's time
 * went and when each part left and was answered; `--timeline` prints that request timeline (the
 * DevTools protocol's Network events, CORS preflights included) for every upload. Prints `uptime` and Lighthouse's benchmark index
 * beside the figures; exits 1 with a MISSED line for each target missed.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login } from '../../e2e/support/browser';
import { startProduct } from '../../e2e/support/server';
import { type CpuProfile, nameOf } from './cpu-profile';
import { benchmarkIndexIn, benchmarkIndexLine } from './lighthouse';
import { startBareServer } from './media/bare-put';
import { MB, randomFile, tempFolder } from './media/files';
import { type ProbeFigures, probeCheapCall } from './media/probe';

const TARGETS = { ratio: 0.5, overBareRoute: 1.25, overIdle: 2 } as const;
const IDLE_MS = 4000;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const SIZES = (option('--sizes') ?? '37,200,1024').split(',').map(Number);
if (!SIZES.every((mb) => Number.isInteger(mb) && mb > 0)) {
  console.error('--sizes takes whole MiB counts, e.g. --sizes 37,200,1024');
  process.exit(2);
}
const PROFILE_DIR = option('--profile');
/** The request timeline (DevTools protocol, preflights included) of every upload, not only a profiled one. */
const TIMELINE = args.includes('--timeline');
/** A product already running (e.g. started by hand with `node --cpu-prof` to profile its storage thread). */
const BASE_URL = option('--base-url');

const uptime = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average/, 'load average');
const f = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** Random bytes of `megabytes` MiB behind an MP4 file-type box, named .mp4 (Chromium types it video/mp4). */
function videoLikeFile(dir: string, megabytes: number): string {
  const random = randomFile(dir, megabytes);
  const fd = openSync(random, 'r+');
  try {
    // size 24, 'ftyp', major brand 'isom', minor version 512, compatible brands 'isom', 'mp41'
    const box = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
    writeSync(fd, box, 0, box.length, 0);
  } finally {
    closeSync(fd);
  }
  const file = path.join(dir, `upload-${megabytes}mb.mp4`);
  renameSync(random, file);
  return file;
}

/** The same browser's bare PUT of `file` with fetch, from a page of the bare route's own origin; seconds. */
async function barePut(page: Page, origin: string, file: string): Promise<number> {
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'file';
    document.body.append(input);
  });
  await page.locator('#file').setInputFiles(file);
  const ms = await page.evaluate(async () => {
    const chosen = (document.getElementById('file') as HTMLInputElement).files?.[0];
    if (!chosen) throw new Error('no file chosen');
    const began = performance.now();
    const answer = await fetch('/upload', { method: 'PUT', body: chosen });
    if (answer.status !== 200) throw new Error(`the bare route answered ${answer.status}`);
    return performance.now() - began;
  });
  return ms / 1000;
}

interface TimelineEntry {
  what: string;
  startS: number;
  endS: number;
}

interface Upload {
  seconds: number;
  /** Every whole percent the field showed, in order. */
  percents: number[];
  timeline: TimelineEntry[];
  profile?: CpuProfile;
}

const FIELD = '[data-testid="video-field"]';

/** What a storage or upload request was, by its URL: a part, initiate, complete or the API path. */
function requestName(method: string, href: string): string {
  const url = new URL(href);
  const part = url.searchParams.get('partNumber');
  const what = part
    ? `part ${part}`
    : url.searchParams.has('uploads')
      ? 'initiate'
      : url.searchParams.has('uploadId')
        ? 'complete'
        : url.pathname.replace(/^.*\/api\//, '/api/');
  return `${method} ${what}`;
}

const TIMED = /\/oss\/|\/api\/upload\//;

/**
 * The page's storage and upload requests as the DevTools protocol sees them (Network domain), CORS
 * preflights included (Playwright's own request events leave those out): each from the moment the
 * renderer asked for it to its last byte, in wall-clock ms since the epoch.
 */
async function recordNetwork(session: CDPSession): Promise<{ stop(): Promise<Array<{ what: string; startMs: number; endMs: number }>> }> {
  const started = new Map<string, { what: string; startMs: number }>();
  const done: Array<{ what: string; startMs: number; endMs: number }> = [];
  // Network timestamps are a monotonic clock; requestWillBeSent's wallTime ties them to the epoch.
  let offsetS: number | undefined;
  const onSent = (event: { requestId: string; request: { url: string; method: string }; timestamp: number; wallTime: number; type?: string }) => {
    offsetS ??= event.wallTime - event.timestamp;
    if (!TIMED.test(event.request.url)) return;
    const preflight = event.type === 'Preflight' || event.request.method === 'OPTIONS';
    const what = requestName(event.request.method, event.request.url).replace(/^OPTIONS/, 'preflight');
    started.set(event.requestId, {
      what: preflight && !what.startsWith('preflight') ? `preflight ${what}` : what,
      startMs: (event.timestamp + offsetS) * 1000,
    });
  };
  const onEnd = (event: { requestId: string; timestamp: number }) => {
    const begun = started.get(event.requestId);
    if (!begun || offsetS === undefined) return;
    started.delete(event.requestId);
    done.push({ ...begun, endMs: (event.timestamp + offsetS) * 1000 });
  };
  session.on('Network.requestWillBeSent', onSent);
  session.on('Network.loadingFinished', onEnd);
  session.on('Network.loadingFailed', onEnd);
  await session.send('Network.enable');
  return {
    async stop() {
      await session.send('Network.disable');
      session.off('Network.requestWillBeSent', onSent);
      session.off('Network.loadingFinished', onEnd);
      session.off('Network.loadingFailed', onEnd);
      return done.sort((a, b) => a.startMs - b.startMs);
    },
  };
}

/**
 * Opens /videoWrite afresh, picks `file` in its upload button and waits until the field leaves
 * 上传中. The last upload's piece may still sit unsaved in the browser's journal (written within a
 * second, saved to the server only after 3 s of quiet): the form then first asks whether to take it
 * back (发现未保存的内容, a modal in front of the button), and the bench answers 不恢复, as a creator
 * starting a new piece would. (Not answering it was why a second upload in the same page found no
 * button to click: no `filechooser` event.)
 */
async function uploadInForm(
  page: Page,
  baseUrl: string,
  file: string,
  timeoutMs: number,
  { timeline = false, profile = false }: { timeline?: boolean; profile?: boolean } = {},
): Promise<Upload> {
  let session: CDPSession | undefined;
  try {
    await page.goto(`${baseUrl}/videoWrite`);
    await page.locator(FIELD).waitFor({ timeout: 60_000 });
    const discard = page.getByRole('button', { name: '不恢复' });
    if (
      await discard.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    ) {
      await discard.click();
      await discard.waitFor({ state: 'hidden' });
    }
    // The change event's time and the field's states and percents as they go by (a string: no
    // compiler helpers reach the page; an attribute filter and one text node keep the observer cheap).
    await page.evaluate(`(() => {
      const seen = (window.uploadSeen = { chosenAt: 0, endAt: 0, endState: '', percents: [] });
      document.addEventListener('change', () => { if (!seen.chosenAt) seen.chosenAt = performance.now(); }, true);
      const field = document.querySelector('${FIELD}');
      new MutationObserver(() => {
        const state = field.getAttribute('data-state');
        const match = /上传中 (\\d+)%/.exec(field.textContent || '');
        if (match && Number(match[1]) !== seen.percents.at(-1)) seen.percents.push(Number(match[1]));
        if (seen.chosenAt && !seen.endAt && state !== 'uploading' && seen.percents.length) {
          seen.endAt = performance.now();
          seen.endState = state;
        }
      }).observe(field, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state'] });
    })()`);
    session = timeline || profile ? await page.context().newCDPSession(page) : undefined;
    const network = session ? await recordNetwork(session) : undefined;
    if (session && profile) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 500 });
      await session.send('Profiler.start');
    }
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(FIELD).getByRole('button', { name: '上传视频' }).click()]);
    await chooser.setFiles(file);
    await page.waitForFunction(() => (window as unknown as { uploadSeen: { endAt: number } }).uploadSeen.endAt > 0, undefined, {
      timeout: timeoutMs,
      polling: 200,
    });
    const cpu = session && profile ? ((await session.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    const requests = (await network?.stop()) ?? [];
    const seen = (await page.evaluate('window.uploadSeen')) as { chosenAt: number; endAt: number; endState: string; percents: number[] };
    if (seen.endState !== 'transcoding' && seen.endState !== 'chosen') {
      const text = await page.locator(FIELD).textContent();
      throw new Error(`the field ended in "${seen.endState}": ${text}`);
    }
    const chosenEpoch = ((await page.evaluate('performance.timeOrigin')) as number) + seen.chosenAt;
    const timelineSeen = requests.map((r) => ({ what: r.what, startS: (r.startMs - chosenEpoch) / 1000, endS: (r.endMs - chosenEpoch) / 1000 }));
    return { seconds: (seen.endAt - seen.chosenAt) / 1000, percents: seen.percents, timeline: timelineSeen, profile: cpu };
  } finally {
    await session?.detach();
  }
}

/** Where the page's main thread spent the upload: idle, GC, and the frames with the most self time. */
function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const frame = byId.get(id)?.callFrame;
    const name = frame ? nameOf(frame) : '?';
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  const idle = self.get('(idle) (idle)') ?? self.get('(idle)') ?? 0;
  console.info(`  page CPU profile: ${f(total, 0)} ms sampled, ${f(total - idle, 0)} ms busy; top self time:`);
  for (const [name, ms] of [...self.entries()]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12))
    console.info(`    ${f(ms, 0).padStart(6)} ms  ${name}`);
}

/** Each storage and upload request (preflights included), s after the file was chosen. */
function printTimeline(timeline: readonly TimelineEntry[]): void {
  console.info('  requests (s after the file was chosen, DevTools protocol):');
  for (const t of timeline) console.info(`    ${f(t.startS, 3).padStart(7)} – ${f(t.endS, 3).padStart(7)}  ${t.what}`);
}

interface Row {
  mb: number;
  bareSeconds: [number, number];
  upload?: Upload;
  probe?: ProbeFigures;
  floor?: ProbeFigures;
  load: string;
  error?: string;
}

const files = tempFolder();
const rows: Row[] = [];
let idle: ProbeFigures | undefined;
let idleBare: ProbeFigures | undefined;
const indexes: number[] = [];
try {
  console.info(`browser upload bench: ${SIZES.join(', ')} MiB; ${uptime()}`);
  const made = SIZES.map((mb) => videoLikeFile(files.dir, mb));
  const product = BASE_URL ? { baseUrl: BASE_URL, stop: async () => {} } : await startProduct({ VIDEO_WORKER_INTERVAL_MS: '0' });
  const bare = await startBareServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const barePage = await context.newPage();
    indexes.push(await benchmarkIndexIn(barePage));
    await login(page, product.baseUrl, ACCOUNTS.verified);
    await page.waitForURL(/\/index$/);
    // A first small upload warms the page's chunks (the form, ali-oss) as a creator's second upload would find them.
    await uploadInForm(page, product.baseUrl, videoLikeFile(files.dir, 1), 60_000);

    const idleProbe = probeCheapCall(product.baseUrl);
    const idleBareProbe = probeCheapCall(bare.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    idle = await idleProbe.stop();
    idleBare = await idleBareProbe.stop();

    for (const [i, mb] of SIZES.entries()) {
      const file = made[i]!;
      const timeoutMs = Math.max(120_000, (statSync(file).size / MB) * 1000);
      const before = await barePut(barePage, bare.baseUrl, file);
      const probe = probeCheapCall(product.baseUrl);
      const floor = probeCheapCall(bare.baseUrl);
      let upload: Upload | undefined;
      let error: string | undefined;
      try {
        upload = await uploadInForm(page, product.baseUrl, file, timeoutMs, {
          timeline: TIMELINE || Boolean(PROFILE_DIR && i === 0),
          profile: Boolean(PROFILE_DIR && i === 0),
        });
      } catch (caught) {
        error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
      }
      const row: Row = { mb, bareSeconds: [before, NaN], upload, probe: await probe.stop(), floor: await floor.stop(), load: uptime(), error };
      row.bareSeconds[1] = await barePut(barePage, bare.baseUrl, file);
      rows.push(row);
      const bareMean = (row.bareSeconds[0] + row.bareSeconds[1]) / 2;
      console.info(
        `${mb} MiB: form ${upload ? `${f(upload.seconds)} s` : `failed (${error})`}, bare PUT ${f(row.bareSeconds[0])} / ${f(row.bareSeconds[1])} s, ratio ${f(bareMean / (upload?.seconds ?? NaN))}×; ${row.load}`,
      );
      if (PROFILE_DIR && upload?.profile) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        writeFileSync(path.join(PROFILE_DIR, `upload-${mb}mb.cpuprofile`), JSON.stringify(upload.profile));
        writeFileSync(path.join(PROFILE_DIR, `upload-${mb}mb-timeline.json`), JSON.stringify(upload.timeline, null, 1));
        printProfile(upload.profile);
      }
      if (upload?.timeline.length) printTimeline(upload.timeline);
    }
    indexes.push(await benchmarkIndexIn(barePage));
  } finally {
    await browser.close();
    await bare.stop();
    await product.stop();
  }
} catch (error) {
  console.error(`\nMISSED  the bench did not run to its end: ${error instanceof Error ? error.message : String(error)}`);
  files.remove();
  process.exit(1);
}
files.remove();

console.info('\nBrowser uploads through /videoWrite against the same browser bare PUT of the same file (same run)');
console.info(
  'size MiB | form s | bare PUT s (before / after) | ratio | form MB/s | percents shown | cheap p99 ms (calls) | bare route p99 ms in the same window | load',
);
for (const r of rows) {
  const bareMean = (r.bareSeconds[0] + r.bareSeconds[1]) / 2;
  console.info(
    [
      r.mb,
      r.upload ? f(r.upload.seconds) : `failed: ${r.error}`,
      `${f(r.bareSeconds[0])} / ${f(r.bareSeconds[1])}`,
      f(bareMean / (r.upload?.seconds ?? NaN)),
      f(r.mb / (r.upload?.seconds ?? NaN), 0),
      r.upload?.percents.length ?? 0,
      `${f(r.probe?.p99 ?? NaN, 1)} (${r.probe?.count ?? 0})`,
      f(r.floor?.p99 ?? NaN, 1),
      r.load,
    ].join(' | '),
  );
}
console.info(`idle: cheap call p99 ${f(idle?.p99 ?? NaN, 1)} ms (p50 ${f(idle?.p50 ?? NaN, 1)}), the bare route's ${f(idleBare?.p99 ?? NaN, 1)} ms`);
console.info(benchmarkIndexLine(indexes) ?? "Lighthouse's benchmark index: not measured");
console.info(uptime());

let missed = 0;
const verdict = (pass: boolean, text: string) => {
  if (!pass) missed += 1;
  console.info(`${pass ? 'MET   ' : 'MISSED'}  ${text}`);
};
console.info('\nTargets');
for (const r of rows) {
  const bareMean = (r.bareSeconds[0] + r.bareSeconds[1]) / 2;
  const ratio = bareMean / (r.upload?.seconds ?? NaN);
  verdict(
    ratio >= TARGETS.ratio,
    `${r.mb} MiB through /videoWrite ≥ ${TARGETS.ratio}× the same browser's bare PUT: ${r.upload ? `${f(ratio)}×` : `failed: ${r.error}`}`,
  );
  const allowed = Math.max(TARGETS.overBareRoute * (r.floor?.p99 ?? NaN), TARGETS.overIdle * (idle?.p99 ?? NaN));
  const p99 = r.probe?.p99 ?? NaN;
  verdict(
    p99 <= allowed,
    `${r.mb} MiB: cheap call p99 ${f(p99, 1)} ms ≤ max(${TARGETS.overBareRoute} × bare route ${f(r.floor?.p99 ?? NaN, 1)}, ${TARGETS.overIdle} × idle ${f(idle?.p99 ?? NaN, 1)}) = ${f(allowed, 1)} ms (${r.probe?.timeouts ?? 0} timeouts)`,
  );
}
process.exit(missed ? 1 : 0);
