import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ffmpegPath } from '../../api-server/src/features/video/ffmpeg';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

/** The ffmpeg the server transcodes with (FFMPEG_PATH, else the system's, else the bundled build). */
const ffmpeg = (): string => ffmpegPath();

/**
 * A minute of grainy test pattern and a tone, MPEG-4 Part 2 + MP2 in Matroska at a high bitrate:
 * tens of MB that no browser plays as is, and a transcode long enough to report percents.
 */
async function makeLargeVideo(dir: string): Promise<string> {
  await new Promise<void>((resolve, reject) =>
    execFile(
      ffmpeg(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=22050',
        '-t',
        '60',
        '-vf',
        'noise=alls=12:allf=t',
        '-c:v',
        'mpeg4',
        '-q:v',
        '3',
        '-c:a',
        'mp2',
        '-f',
        'matroska',
        '一分钟的视频.mkv',
      ],
      { cwd: dir },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  return path.join(dir, '一分钟的视频.mkv');
}

/**
 * Every text the video field has shown, as the creator saw it go by (React may pass a state in a
 * blink). A string, so that the test's compiler adds no helpers the page does not have.
 */
async function recordFieldTexts(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.fieldTexts = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="video-field"]')?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const percents = (texts: string[], label: string) => texts.flatMap((text) => [...text.matchAll(new RegExp(`${label} (\\d+)%`, 'g'))].map((m) => Number(m[1])));

describe('a video of real size in /videoWrite', () => {
  const harness = useBrowser();
  let page: Page;
  let dir: string;
  let video: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'e2e-large-video-'));
    video = await makeLargeVideo(dir);
    page = await harness.signedInPage(ACCOUNTS.verified, { width: 1400, height: 1000 });
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads with progress, is committed, says how far transcoding has got, then plays with its poster and seeks by range requests', async () => {
    const size = (await stat(video)).size;
    assert.ok(size > 30 * 1024 * 1024, `a video of tens of MB (${size} bytes)`);
    await page.goto(`${baseUrl}/videoWrite`);
    const field = page.getByTestId('video-field');
    await field.waitFor({ timeout: 60_000 });
    await recordFieldTexts(page);
    const partial: string[] = [];
    const uploadHosts = new Set<string>();
    const commits: Array<Promise<{ code: number; data?: { state: number; Vid: string } }>> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/upload/vod/commit') commits.push(response.json());
      if (response.url().endsWith('.mp4') && response.status() === 206) partial.push(response.headers()['content-range'] ?? '');
      const request = response.request();
      if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/oss/') && response.ok()) uploadHosts.add(new URL(request.url()).host);
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), field.getByRole('button', { name: '上传视频' }).click()]);
    // By path: the browser reads the file from disk, as a creator's would.
    await chooser.setFiles(video);

    await page.locator('[data-testid="video-field"][data-state="chosen"]').waitFor({ timeout: 110_000 });
    const texts = await page.evaluate(() => (window as unknown as { fieldTexts: string[] }).fieldTexts);
    const uploaded = percents(texts, '上传中');
    assert.ok(
      uploaded.some((p) => p > 0 && p < 100),
      `upload progress on the way: ${uploaded.join(',')}`,
    );
    // The parts went to the storage thread's port, not to the API's (api-server features/oss/storage-thread.ts).
    const [uploadHost, ...others] = [...uploadHosts];
    assert.equal(others.length, 0, [...uploadHosts].join(' '));
    assert.equal(new URL(`http://${uploadHost}`).hostname, '127.0.0.1');
    assert.notEqual(uploadHost, new URL(baseUrl).host);
    // Committed once, as a job the server transcodes (0 转码中).
    assert.equal(commits.length, 1);
    const committed = await commits[0]!;
    assert.equal(committed.code, 0);
    assert.equal(committed.data?.state, 0);
    assert.match(committed.data?.Vid ?? '', /^[0-9a-f]{32}$/);
    const transcoded = percents(texts, '转码中');
    assert.ok(
      transcoded.some((p) => p > 0 && p < 100),
      `transcoding percent on the way: ${transcoded.join(',')}`,
    );
    assert.deepEqual(
      transcoded,
      [...transcoded].sort((a, b) => a - b),
      'the percent only grows',
    );

    const player = field.locator('video');
    const poster = (await player.getAttribute('poster')) ?? '';
    assert.match(poster, /^\/oss\/.+\.jpg$/);
    const posterAnswer = await page.request.get(`${baseUrl}${poster}`);
    assert.equal(posterAnswer.status(), 200);
    assert.equal(posterAnswer.headers()['content-type'], 'image/jpeg');
    assert.match((await player.getAttribute('src')) ?? '', /^\/oss\/.+\.mp4$/);

    // Seek well into the video: the player asks storage for parts of it (206), and plays on from there.
    await player.evaluate((node: HTMLVideoElement) =>
      node.readyState >= 1 ? undefined : new Promise((resolve) => node.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    const duration = await player.evaluate((node: HTMLVideoElement) => node.duration);
    assert.ok(duration > 55 && duration < 65, `a minute long: ${duration}`);
    // It plays (muted: no gesture needed): its clock moves.
    // No named functions in here: the test's compiler would add a helper the page does not have.
    const played = await player.evaluate(
      (node: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          node.muted = true;
          const from = node.currentTime;
          setTimeout(() => resolve(node.currentTime - from), 30_000);
          node.addEventListener('timeupdate', () => {
            if (node.currentTime - from >= 0.5) resolve(node.currentTime - from);
          });
          void node.play().catch(() => resolve(0));
        }),
    );
    assert.ok(played >= 0.5, `the video plays: its clock moved ${played} s`);
    const landed = await player.evaluate(
      (node: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          node.addEventListener('seeked', () => resolve(node.currentTime), { once: true });
          node.currentTime = 42;
        }),
    );
    assert.ok(Math.abs(landed - 42) < 1, `the player is at the sought time: ${landed}`);
    assert.ok(partial.length > 0, "storage answered the player's range requests with 206");
    assert.ok(
      partial.every((range) => /^bytes \d+-\d+\/\d+$/.test(range)),
      partial.join(' '),
    );
  });
});
