/**
 * `npm run bench -- video-2gb [--mb 2000]` (also `media-browser`): a creator's largest video, end to
 * end in Chromium. The built product started as `npm start` runs it; a real video of --mb MiB (1080p,
 * made with the ffmpeg the product's transcoder runs; default 2000 MiB, 2.1 GB, under the 2 GiB
 * limit) chosen in /videoWrite's upload button by path, as a person picks a file; then the field's
 * own texts are read as they go by (上传中 N%, 转码中 N%), the commit's answer checked, the poster
 * fetched, the player played and sought to the middle, which storage must answer with 206 ranges.
 *
 * Beside that it prints: the server's peak RSS over the whole run (target ≤ 400 MB; the process's own
 * high-water mark, and the `npm start` tree without ffmpeg), ffmpeg's own peak RSS while the product
 * transcodes against the same ffmpeg run by hand on the same file with the product's arguments
 * afterwards, which ffmpeg that is, Lighthouse's benchmark index of this machine, and `uptime`.
 * Exits 1 when a step fails or the RSS target is missed. A bench, not a test: it takes many minutes.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { ACCOUNTS, launchBrowser, login } from '../../e2e/support/browser';
import { startProduct } from '../../e2e/support/server';
import { chooseFfmpeg, describeFfmpeg } from 'api-server/src/features/video/ffmpeg';
import { measureLighthouse } from './lighthouse';
import { MB, tempFolder, videoFile } from './media/files';
import { sampleRss } from './media/rss';
import { transcodeBare } from './media/transcode';

const RSS_TARGET_MB = 400;
const args = process.argv.slice(2);
const at = args.indexOf('--mb');
const MEGABYTES = Number(at >= 0 ? args[at + 1] : 2000);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const mb = (n: number) => n.toFixed(0);

if (!Number.isFinite(MEGABYTES) || MEGABYTES <= 0) {
  console.error('--mb takes a size in MiB, e.g. --mb 2000');
  process.exit(2);
}

const files = tempFolder();
const problems: string[] = [];
try {
  console.info(`uptime at the start: ${uptime()}`);
  console.info(`transcoder: ${await describeFfmpeg(chooseFfmpeg())}`);
  const began = performance.now();
  const video = await videoFile(files.dir, MEGABYTES);
  const size = statSync(video).size;
  console.info(`video of ${(size / MB).toFixed(0)} MiB (${size} bytes) made in ${seconds(began)} s; uptime ${uptime()}`);

  const product = await startProduct();
  // The `npm start` tree: its wrapper, the server (with its storage thread) and the ffmpeg it runs.
  const rss = sampleRss(() => [product.pid]);
  const browser = await launchBrowser();
  try {
    const lighthouse = await measureLighthouse(product.baseUrl, 1, ['/login']);
    const index = lighthouse[0]?.runs[0]?.benchmarkIndex;
    console.info(`Lighthouse's benchmark index of this machine: ${index === undefined ? '–' : mb(index)}`);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await login(page, product.baseUrl, ACCOUNTS.verified);
    await page.waitForURL(/\/index$/);
    await page.goto(`${product.baseUrl}/videoWrite`);
    const field = page.getByTestId('video-field');
    await field.waitFor({ timeout: 60_000 });
    // Every text the field shows, as it goes by (a string: no compiler helpers reach the page).
    await page.evaluate(`(() => {
      const seen = (window.fieldTexts = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="video-field"]')?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push({ text, at: performance.now() });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    const ranges: string[] = [];
    let committed: { code: number; state: number } | null = null;
    page.on('response', (response) => {
      if (response.url().endsWith('.mp4') && response.status() === 206) ranges.push(response.headers()['content-range'] ?? '');
      if (new URL(response.url()).pathname === '/api/upload/vod/commit') {
        void response
          .json()
          .then((answer: { code: number; data?: { state: number } }) => (committed = { code: answer.code, state: answer.data?.state ?? -1 }))
          .catch(() => undefined);
      }
    });

    const chosen = performance.now();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), field.getByRole('button', { name: '上传视频' }).click()]);
    await chooser.setFiles(video);
    await page.locator('[data-testid="video-field"][data-state="chosen"]').waitFor({ timeout: 90 * 60_000 });
    const total = seconds(chosen);
    const texts = await page.evaluate(() => (window as unknown as { fieldTexts: Array<{ text: string; at: number }> }).fieldTexts);
    const firstWith = (label: string) => texts.find((t) => t.text.includes(label))?.at ?? NaN;
    const uploadEnd = firstWith('转码中');
    const uploadStart = firstWith('上传中');
    const percents = (label: string) => texts.flatMap((t) => [...t.text.matchAll(new RegExp(`${label} (\\d+)%`, 'g'))].map((m) => Number(m[1])));
    const uploaded = percents('上传中');
    const transcoded = percents('转码中');
    console.info(
      `upload: ${((uploadEnd - uploadStart) / 1000).toFixed(1)} s (${uploaded.length} progress texts, ${uploaded[0]}% … ${uploaded.at(-1)}%); ` +
        `committed: ${committed ? `code ${(committed as { code: number }).code}, state ${(committed as { state: number }).state}` : 'no answer seen'}; ` +
        `transcoding ${(((texts.at(-1)?.at ?? NaN) - uploadEnd) / 1000).toFixed(1)} s (转码中 ${transcoded.length} texts: ${transcoded.join(', ')} %); chosen → playable ${total} s`,
    );
    if (!uploaded.some((p) => p > 0 && p < 100)) problems.push('no upload progress shown');
    if (committed === null || (committed as { code: number }).code !== 0) problems.push('the commit was not answered with code 0');
    if (!transcoded.some((p) => p > 0 && p < 100)) problems.push('no transcoding percent shown');

    const player = field.locator('video');
    const poster = (await player.getAttribute('poster')) ?? '';
    const posterAnswer = await page.request.get(`${product.baseUrl}${poster}`);
    console.info(`poster ${poster}: ${posterAnswer.status()} ${posterAnswer.headers()['content-type']}`);
    if (posterAnswer.status() !== 200 || posterAnswer.headers()['content-type'] !== 'image/jpeg') problems.push('no poster');
    await player.evaluate((node: HTMLVideoElement) =>
      node.readyState >= 1 ? undefined : new Promise((resolve) => node.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    const duration = await player.evaluate((node: HTMLVideoElement) => node.duration);
    // Plays: muted (no gesture needed), and its clock moves (on a starved machine a 1080p decoder
    // may take many seconds to start: waited for up to 2 minutes, and the wait printed).
    const playing = performance.now();
    // No named functions in here: tsx would add a helper the page does not have.
    const played = await player.evaluate(
      (node: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          node.muted = true;
          const from = node.currentTime;
          setTimeout(() => resolve(node.currentTime - from), 120_000);
          node.addEventListener('timeupdate', () => {
            if (node.ended || node.currentTime - from >= 0.5) resolve((node.ended ? node.duration : node.currentTime) - from);
          });
          void node.play().catch(() => resolve(0));
        }),
    );
    const playSeconds = seconds(playing);
    const target = Math.floor(duration / 2);
    const sought = performance.now();
    const landed = await player.evaluate(
      (node: HTMLVideoElement, to: number) =>
        new Promise<number>((resolve) => {
          node.addEventListener('seeked', () => resolve(node.currentTime), { once: true });
          node.currentTime = to;
        }),
      target,
    );
    console.info(
      `a ${duration.toFixed(1)} s video played ${played.toFixed(2)} s (its clock moved within ${playSeconds} s of play()); sought to ${target} s, landed at ${landed.toFixed(1)} s in ${seconds(sought)} s; storage answered ${ranges.length} range requests with 206 (${ranges.slice(-2).join(', ')})`,
    );
    if (!(played > Math.min(0.2, duration / 2))) problems.push('the video did not play');
    if (Math.abs(landed - target) > 1 || ranges.length === 0) problems.push('the seek did not land by range requests');
  } finally {
    await browser.close();
    const peak = rss.stop();
    await product.stop();
    console.info(
      `peak RSS over the run (${peak.samples} samples): the server process ${mb(peak.nodeHwmMb)} MB (its high-water mark); ` +
        `npm start's whole tree without ffmpeg (its wrapper, the server, any child) ${mb(peak.nodeMb)} MB; ffmpeg while the product transcoded ${mb(peak.otherMb)} MB`,
    );
    if (!(peak.nodeHwmMb <= RSS_TARGET_MB)) problems.push(`server RSS ${mb(peak.nodeHwmMb)} MB > ${RSS_TARGET_MB} MB`);
    console.info(`uptime after the product's run: ${uptime()}`);
  }

  // The same ffmpeg by hand on the same file, with the product's arguments: its time and memory.
  const bare = await transcodeBare(video);
  console.info(`ffmpeg by hand on the same file: ${bare.seconds.toFixed(1)} s, peak RSS ${mb(bare.rss.otherMb)} MB; uptime ${uptime()}`);
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  files.remove();
}
console.info(
  problems.length
    ? `\nMISSED  the ${MEGABYTES} MiB video: ${problems.join('; ')}`
    : `\nMET  a ${MEGABYTES} MiB video: uploaded with progress, committed, transcoded with its percent, shown with its poster, played, sought by 206 ranges; server RSS ≤ ${RSS_TARGET_MB} MB`,
);
process.exit(problems.length ? 1 : 0);
