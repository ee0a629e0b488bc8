/**
 * `npm run bench -- media`: media at real size, each figure against a baseline of the same run.
 *   - upload throughput of each size (--sizes, MB; default 20,200,1024) through the browser's client
 *     code (ali-oss multipart with shared-sdk's settings) into the product's embedded storage, against
 *     a plain PUT of the same bytes to a bare Node route that writes them to disk;
 *   - during each upload: the server's event-loop delay p99 and the p99 of a cheap call
 *     (/api/runtime/config, 20 a second) against the same figures measured idle first, and the same
 *     call to the bare route meanwhile (what the machine alone does to a call at that moment);
 *   - the server's peak RSS (its whole process tree: workers and ffmpeg included) during the largest
 *     upload and during a video's upload and transcoding;
 *   - time to transcode a real video of --video-mb (default 1024; 0 skips it) and the RSS meanwhile,
 *     against ffmpeg run by hand on the same file.
 * Targets (issue "Media at real size") are judged at the end; the exit code is 1 when one is missed.
 * Knobs: --settings 1x3,5x4 (part MB × parallel, each measured; the first one is judged; default the
 * browser's), --runs N (uploads per size and setting: medians of the times, the cheap calls of all runs
 * pooled; default 3), --timeout-s N (per upload;
 * default 30 s + 0.3 s per MB), --idle-s N (each idle baseline: the product's, then the bare route's; default 20), --database-url URL (PostgreSQL:
 * a scratch database is made and dropped), --workers N (with it: N `npm run worker` processes
 * transcode, the server none), --client-nice N (the upload client's nice value, default 10: it
 * stands for the creator's own computer; 0 runs it at the bench's priority). MEDIA_SERVER_LOG=file
 * keeps the server's whole log (its request times) for reading after the run.
 */
import { loadavg } from 'node:os';
import { startBareServer } from './media/bare-put';
import { startUploadClient } from './media/client-process';
import { MB, randomFile, tempFolder, videoFile } from './media/files';
import { type Idle, judge, printUploads, type UploadRow, type VideoFigures } from './media/report';
import { type ProbeFigures, pooled, probeCheapCall } from './media/probe';
import { type LoopDelay, startProduct } from './media/product';
import { type RssPeak, sampleRss } from './media/rss';
import { transcodeBare, transcodeInProduct } from './media/transcode';
import { BROWSER_SETTINGS, type UploadSettings, describeSettings } from './media/upload';
import { createScratchDatabase } from 'api-server/src/testing/test-database';
import { median } from './stats';

const args = process.argv.slice(2).filter((a) => a !== '--' && a !== 'media');
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const SIZES = option('sizes', '20,200,1024')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const VIDEO_MB = Number(option('video-mb', '1024'));
const RUNS = Math.max(1, Number(option('runs', '3')));
const IDLE_S = Number(option('idle-s', '20'));
const CLIENT_NICE = Number(option('client-nice', '10'));
if (!Number.isInteger(CLIENT_NICE) || CLIENT_NICE < 0 || CLIENT_NICE > 19) {
  console.error('--client-nice takes a nice value from 0 to 19');
  process.exit(2);
}
const SETTINGS: UploadSettings[] = args.includes('--settings')
  ? option('settings', '')
      .split(',')
      .map((s) => {
        const [part, parallel] = s.split('x').map(Number);
        return { partSize: Math.round((part ?? 1) * MB), parallel: parallel ?? 3 };
      })
  : [BROWSER_SETTINGS];
// PostgreSQL instead of the embedded database (a scratch database, dropped after), and separate workers.
const DATABASE_URL = option('database-url', '');
const WORKERS = Number(option('workers', '0'));
if (WORKERS > 0 && !DATABASE_URL) {
  console.error('--workers needs --database-url: the embedded database belongs to one process');
  process.exit(2);
}
const timeoutFor = (mb: number) => Number(option('timeout-s', String(30 + 0.3 * mb))) * 1000;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const failed = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Run {
  bareSeconds: number;
  seconds: number;
  completeSeconds: number;
  probe: ProbeFigures;
  bareProbe: ProbeFigures;
  /** The same call to the bare route during the upload: the machine's floor at that moment. */
  floorProbe: ProbeFigures;
  loop: LoopDelay | null;
  rss: RssPeak;
  load: string;
  error?: string;
}

/** One bare PUT, then one upload through the browser's client with the cheap call, the loop and the RSS measured meanwhile. */
async function measureUpload(mb: number, file: string, settings: UploadSettings): Promise<Run> {
  const bareProbe = probeCheapCall(product.baseUrl);
  const bareSeconds = await client.barePut(bare.url, file, timeoutFor(mb));
  const bareFigures = await bareProbe.stop();
  await product.loopDelay();
  const probe = probeCheapCall(product.baseUrl);
  const floorProbe = probeCheapCall(bare.baseUrl);
  const rss = sampleRss(() => product.pids());
  let timing = { seconds: NaN, completeSeconds: NaN };
  let error: string | undefined;
  try {
    timing = await client.uploadLikeTheBrowser(product.baseUrl, product.token, file, settings, timeoutFor(mb));
  } catch (e) {
    error = failed(e);
  }
  return {
    bareSeconds,
    ...timing,
    probe: await probe.stop(),
    floorProbe: await floorProbe.stop(),
    bareProbe: bareFigures,
    loop: await product.loopDelay(),
    rss: rss.stop(),
    load: load(),
    error,
  };
}

/** Medians of the times; the cheap calls of all runs pooled; the worst of the other tails and the peaks. */
function summarize(runs: Run[]): Partial<UploadRow> {
  const worst = <T>(values: T[], by: (v: T) => number) => values.reduce((a, b) => (by(b) > by(a) ? b : a));
  const ok = runs.filter((r) => !r.error);
  return {
    bareSeconds: median(runs.map((r) => r.bareSeconds)),
    seconds: ok.length === runs.length ? median(ok.map((r) => r.seconds)) : NaN,
    completeSeconds: ok.length === runs.length ? median(ok.map((r) => r.completeSeconds)) : NaN,
    probe: pooled(runs.map((r) => r.probe)),
    bareProbe: pooled(runs.map((r) => r.bareProbe)),
    floorProbe: pooled(runs.map((r) => r.floorProbe)),
    loop: worst(runs, (r) => r.loop?.p99 ?? Infinity).loop ?? undefined,
    rss: worst(runs, (r) => r.rss.totalMb).rss,
    load: runs.map((r) => r.load.split(' ')[0]).join(', '),
  };
}

console.info(
  `media bench: sizes ${SIZES.join(', ')} MB, video ${VIDEO_MB} MB, settings ${SETTINGS.map((s) => describeSettings(s)).join(', ')}, ${RUNS} run(s), ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${WORKERS ? `${WORKERS} separate worker(s)` : 'the worker inside the server'}, the upload client at nice ${CLIENT_NICE}; load average ${load()}`,
);
const files = tempFolder();
const bare = await startBareServer();
const client = await startUploadClient(CLIENT_NICE);
const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL, 'bench_media') : null;
const product = await startProduct(scratch ? { DATABASE_URL: scratch.url } : {}, WORKERS).catch(async (error: unknown) => {
  await bare.stop();
  await client.stop();
  await scratch?.drop();
  files.remove();
  throw error;
});
const rows: UploadRow[] = [];
let videoFigures: VideoFigures = {};
let idle: Idle | undefined;
try {
  const made = performance.now();
  const inputs = SIZES.map((mb) => ({ mb, file: randomFile(files.dir, mb) }));
  console.info(`random files made in ${((performance.now() - made) / 1000).toFixed(1)} s`);

  // The server imports demo newspapers in the background after it starts: measure once that is over.
  const settling = performance.now();
  if (!(await product.settled())) console.info('the demo newspaper import had not ended after 180 s: measuring anyway');
  else console.info(`start-up work in the background ended after ${((performance.now() - settling) / 1000).toFixed(1)} s more`);
  // Idle baseline: the same server, nothing uploading; then the same call to the bare Node route, the
  // machine's floor for it (a p99 of a few ms moves from day to day with the machine, not the product).
  await product.loopDelay();
  const idleProbe = probeCheapCall(product.baseUrl);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const idleFigures = { probe: await idleProbe.stop(), loop: await product.loopDelay(), rss: sampleRss(() => product.pids()).stop() };
  const floorProbe = probeCheapCall(bare.baseUrl);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  idle = { ...idleFigures, bareProbe: await floorProbe.stop() };
  console.info(
    `idle: cheap call p50 ${idle.probe.p50.toFixed(1)} / p99 ${idle.probe.p99.toFixed(1)} ms (${idle.probe.count} calls); bare route p50 ${idle.bareProbe.p50.toFixed(1)} / p99 ${idle.bareProbe.p99.toFixed(1)} ms; event-loop delay p99 ${idle.loop?.p99.toFixed(1)} ms, server RSS ${idle.rss.totalMb.toFixed(0)} MB; load average ${load()}`,
  );

  for (const { mb, file } of inputs) {
    const sized = SETTINGS.map((settings): UploadRow & { runs: Run[] } => ({
      mb,
      settings,
      bareSeconds: NaN,
      seconds: NaN,
      completeSeconds: NaN,
      load: '',
      runs: [],
    }));
    // Runs alternate between the settings, so a change in the machine's load spreads over all of them.
    for (let run = 0; run < RUNS; run += 1) {
      for (const row of sized) {
        if (row.error) continue;
        const result = await measureUpload(mb, file, row.settings);
        row.runs.push(result);
        row.error = result.error;
        console.info(
          `${mb} MB, ${describeSettings(row.settings, mb * MB)}: ${result.error ?? `${result.seconds.toFixed(1)} s`} (bare PUT ${result.bareSeconds.toFixed(2)} s); load average ${result.load}`,
        );
      }
    }
    for (const { runs, ...row } of sized) rows.push({ ...row, ...summarize(runs) });
  }

  if (VIDEO_MB > 0) {
    const began = performance.now();
    const video = await videoFile(files.dir, VIDEO_MB);
    console.info(`test video made in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const rss = sampleRss(() => product.pids());
    try {
      const uploaded = await client.uploadLikeTheBrowser(product.baseUrl, product.token, video, SETTINGS[0] ?? BROWSER_SETTINGS, timeoutFor(VIDEO_MB));
      videoFigures.upload = uploaded.seconds;
      await product.loopDelay();
      const probe = probeCheapCall(product.baseUrl);
      const done = await transcodeInProduct(product.baseUrl, product.token, uploaded.key, 20 * 60_000).finally(async () => {
        Object.assign(videoFigures, { probe: await probe.stop(), loop: (await product.loopDelay()) ?? undefined });
      });
      if (done.state !== 1) throw new Error(`transcoding failed: ${done.error}`);
      videoFigures.transcode = done.seconds;
    } catch (error) {
      videoFigures.error = failed(error);
    }
    videoFigures.rss = rss.stop();
    const baseline = await transcodeBare(video);
    videoFigures = { ...videoFigures, bareTranscode: baseline.seconds, bareRss: baseline.rss };
  }
} finally {
  await product.stop();
  await scratch?.drop();
  await bare.stop();
  await client.stop();
  files.remove();
}

printUploads(rows, idle);
const misses = judge(rows, idle, videoFigures, VIDEO_MB);
console.info(`load average at the end ${load()}`);
process.exit(misses ? 1 : 0);
