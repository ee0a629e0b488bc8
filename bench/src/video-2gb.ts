/**
 * `npm run bench -- media-browser [--mb 2000]`: a creator's largest video, end to end in Chromium.
 * The built product started as `npm start` runs it; a real video of --mb MiB (1080p, made with the
 * ffmpeg the product ships; default 2000 MiB, 2.1 GB, under the 2 GiB limit) chosen in /videoWrite's
 * upload button by path, as a person picks a file; then the field's own texts are read as they go by
 * (上传中 N%, 转码中 N%), the poster fetched, and the player sought to the middle, which storage must
 * answer with 206 ranges. Prints each phase's time (the server's memory is the media bench's to
 * judge); exits 1 when a step fails. A bench, not a test: it takes minutes.
 */
import { loadavg } from 'node:os';
import { statSync } from 'node:fs';
import { ACCOUNTS, launchBrowser, login } from '../../e2e/support/browser';
import { startProduct } from '../../e2e/support/server';
import { MB, tempFolder, videoFile } from './media/files';

const args = process.argv.slice(2);
const at = args.indexOf('--mb');
const MEGABYTES = Number(at >= 0 ? args[at + 1] : 2000);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const files = tempFolder();
let failed = false;
try {
  const began = performance.now();
  const video = await videoFile(files.dir, MEGABYTES);
  const size = statSync(video).size;
  console.info(`video of ${(size / MB).toFixed(0)} MiB (${size} bytes) made in ${seconds(began)} s; load average ${load()}`);

  const product = await startProduct();
  const browser = await launchBrowser();
  try {
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
    page.on('response', (response) => {
      if (response.url().endsWith('.mp4') && response.status() === 206) ranges.push(response.headers()['content-range'] ?? '');
    });

    const chosen = performance.now();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), field.getByRole('button', { name: '上传视频' }).click()]);
    await chooser.setFiles(video);
    await page.locator('[data-testid="video-field"][data-state="chosen"]').waitFor({ timeout: 40 * 60_000 });
    const total = seconds(chosen);
    const texts = await page.evaluate(() => (window as unknown as { fieldTexts: Array<{ text: string; at: number }> }).fieldTexts);
    const firstWith = (label: string) => texts.find((t) => t.text.includes(label))?.at ?? NaN;
    const uploadEnd = firstWith('转码中');
    const uploadStart = firstWith('上传中');
    const percents = (label: string) => texts.flatMap((t) => [...t.text.matchAll(new RegExp(`${label} (\\d+)%`, 'g'))].map((m) => Number(m[1])));
    console.info(
      `upload: ${((uploadEnd - uploadStart) / 1000).toFixed(1)} s (${percents('上传中').length} progress texts); then transcoding (${percents('转码中').join(', ')} %); chosen → playable ${total} s`,
    );

    const player = field.locator('video');
    const poster = (await player.getAttribute('poster')) ?? '';
    const posterAnswer = await page.request.get(`${product.baseUrl}${poster}`);
    console.info(`poster ${poster}: ${posterAnswer.status()} ${posterAnswer.headers()['content-type']}`);
    if (posterAnswer.status() !== 200 || posterAnswer.headers()['content-type'] !== 'image/jpeg') throw new Error('no poster');
    await player.evaluate((node: HTMLVideoElement) =>
      node.readyState >= 1 ? undefined : new Promise((resolve) => node.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    const duration = await player.evaluate((node: HTMLVideoElement) => node.duration);
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
      `played ${duration.toFixed(1)} s of video; sought to ${target} s, landed at ${landed.toFixed(1)} s in ${seconds(sought)} s; storage answered ${ranges.length} range requests with 206 (${ranges.slice(-2).join(', ')})`,
    );
    if (Math.abs(landed - target) > 1 || ranges.length === 0) throw new Error('the seek did not land by range requests');
    console.info(`load average ${load()}`);
    console.info(`\nMET  a ${(size / 1e9).toFixed(2)} GB video: uploaded, committed, transcoded, played with its poster, seekable`);
  } finally {
    await browser.close();
    await product.stop();
  }
} catch (error) {
  failed = true;
  console.error(`\nMISSED  the ${MEGABYTES} MiB video: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  files.remove();
}
process.exit(failed ? 1 : 0);
