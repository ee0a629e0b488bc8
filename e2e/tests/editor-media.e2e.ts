import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ManuscriptDetail, SignableParams } from 'shared-sdk/contract';
import { type Answer, signedFromPage } from '../support/api';
import { ffmpegPath } from '../../api-server/src/features/video/ffmpeg';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl, shot } from '../support/env';
import { noisePng } from '../support/images';

/** The ffmpeg the server transcodes with (FFMPEG_PATH, else the system's, else the bundled build). */
const ffmpeg = (): string => ffmpegPath();

/** Two seconds of test pattern and a tone in Matroska (MPEG-4 Part 2 + MP2): the server must transcode it to play. */
async function makeVideo(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-video-'));
  try {
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
          'testsrc=size=320x240:rate=10',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:sample_rate=22050',
          '-t',
          '2',
          '-c:v',
          'mpeg4',
          '-c:a',
          'mp2',
          '-f',
          'matroska',
          'clip.mkv',
        ],
        { cwd: dir },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(path.join(dir, 'clip.mkv'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One second of a 440 Hz tone as 8 kHz 8-bit mono WAV. */
function makeWav(): Buffer {
  const rate = 8000;
  const samples = Buffer.from(Array.from({ length: rate }, (_, i) => Math.round(128 + 100 * Math.sin((2 * Math.PI * 440 * i) / rate))));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** Another site with a picture on it, as a pasted Word or 公众号 article names one. */
async function pictureSite(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const picture = noisePng(48, 11);
  const server = http.createServer((req, res) => {
    hits += 1;
    if (req.url?.startsWith('/pics/river.png')) res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length }).end(picture);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signed<T>(page: Page, route: string, params: SignableParams): Promise<Answer<T>> {
  return signedFromPage<T>(page, baseUrl, 'GET', route, params);
}

const editor = (page: Page) => page.locator('.ql-editor');

/** The caret at the very end of the body. */
async function caretAtEnd(page: Page): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('Control+End');
}

/** Opens the 上传 / 从素材库选择 menu of a toolbar button, once any earlier menu has finished closing. */
async function openMediaMenu(page: Page, button: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'));
  await page.getByRole('button', { name: button }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]').first().waitFor();
}

/** 插入图片 / 插入视频 / 插入音频 → 上传, and the file chosen in the browser's file dialog. */
async function uploadThroughToolbar(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  // Asked three times at most: on a loaded machine a click on the menu item sometimes opens no file
  // dialog (the menu stays open); a person would press Escape and choose again.
  for (let attempt = 0; ; attempt += 1) {
    await openMediaMenu(page, button);
    try {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 10_000 }), page.getByRole('menuitem', { name: /上传$/ }).click()]);
      await chooser.setFiles(file);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      await page.keyboard.press('Escape');
      if (await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) await page.getByRole('heading').first().click();
    }
  }
}

describe('editor media', () => {
  const harness = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let site: Awaited<ReturnType<typeof pictureSite>>;
  let video: Buffer;

  before(async () => {
    [video, site] = await Promise.all([makeVideo(), pictureSite()]);
    ({ context, page } = await harness.loggedIn(ACCOUNTS.verified, { width: 1400, height: 1000 }));
    await page.goto(`${baseUrl}/scriptWrite`);
    await page.getByLabel('标题').waitFor({ timeout: 60_000 });
    await page.getByLabel('标题').fill('黄河岸边的声音与影像（端到端媒体）');
    await editor(page).click();
    await page.keyboard.type('开头一段文字。', { delay: 10 });
  });
  after(async () => {
    await site?.close();
  });

  it('uploads a picture from the toolbar: a placeholder with its progress, then the copy on our storage', async () => {
    // A slow uplink, so the placeholder can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await caretAtEnd(page);
    await uploadThroughToolbar(page, '插入图片', { name: '黄河.png', mimeType: 'image/png', buffer: noisePng(600, 3) });
    const placeholder = editor(page).locator('img.ql-upload-placeholder');
    await placeholder.waitFor();
    assert.match((await placeholder.getAttribute('data-upload-id')) ?? '', /^[0-9a-f]{32}$/);
    // Progress comes per stored part (256 KB); the placeholder says how far it is.
    await editor(page)
      .getByRole('img', { name: /^图片上传中 [1-9]\d?%$/ })
      .waitFor({ timeout: 30_000 });
    await shot(page, 'media-1-image-uploading', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await editor(page).locator('img[src^="/oss/"]').first().waitFor({ timeout: 60_000 });
    assert.equal(await placeholder.count(), 0);
    assert.match(
      (await editor(page).locator('img[src^="/oss/"]').first().getAttribute('src')) ?? '',
      /^\/oss\/[^/]+\/clean\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.png$/,
    );
    await cdp.detach();
  });

  it('refuses a picture of another type', async () => {
    await caretAtEnd(page);
    await uploadThroughToolbar(page, '插入图片', { name: 'a.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF0000WEBP') });
    await page.getByText('仅支持上传 jpg、jpeg、png、gif 格式的图片').waitFor();
  });

  it('uploads a video: success, then a 转码中 cover, then the poster and the transcoded video', async () => {
    await caretAtEnd(page);
    await uploadThroughToolbar(page, '插入视频', { name: '黄河片段.mkv', mimeType: 'video/x-matroska', buffer: video });
    await page.getByText('视频上传成功，正在转码').waitFor({ timeout: 60_000 });
    const cover = editor(page).locator('video[data-state="transcoding"]');
    await cover.waitFor();
    // 转码中, then with its percent once the video service has said how far it has got.
    assert.match((await cover.getAttribute('aria-label')) ?? '', /^转码中( \d+%)?$/);
    assert.equal(await cover.getAttribute('controls'), null);
    await shot(page, 'media-2-video-transcoding', { fullPage: false });
    const done = editor(page).locator('video[poster^="/oss/"][controls]');
    await done.waitFor({ timeout: 180_000 });
    assert.match((await done.getAttribute('src')) ?? '', /^\/oss\/.+\.mp4$/);
    assert.equal(await cover.count(), 0);
    await shot(page, 'media-3-video-poster', { fullPage: false });
  });

  it('uploads one audio into an <audio> element and refuses a second', async () => {
    await caretAtEnd(page);
    await uploadThroughToolbar(page, '插入音频', { name: '涛声.wav', mimeType: 'audio/wav', buffer: makeWav() });
    await editor(page).locator('audio[src^="/oss/"][controls]').waitFor({ timeout: 60_000 });
    // Asked three times at most: under load a click on the menu item sometimes does not reach it and
    // the menu stays open (cause not found); a person would press Escape and choose again.
    for (let attempt = 0; ; attempt += 1) {
      await openMediaMenu(page, '插入音频');
      await page.getByRole('menuitem', { name: /上传$/ }).click();
      try {
        await page.getByText('音频只能添加一次，请删除后再添加').waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        await page.keyboard.press('Escape');
        if (await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) await page.getByRole('heading').first().click();
      }
    }
    assert.equal(await editor(page).locator('audio').count(), 1);
  });

  it('embeds a Bilibili video through 嵌入视频', async () => {
    await caretAtEnd(page);
    await page.getByRole('button', { name: '嵌入视频' }).click();
    await page.getByLabel('视频地址或嵌入代码').fill('https://www.bilibili.com/video/BV1GJ411x7h7?spm_id_from=333.1007');
    await page.getByRole('button', { name: /^插\s*入$/ }).click();
    const frame = editor(page).locator('iframe[src^="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7"]');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('width'), '300');
    assert.equal(await frame.getAttribute('height'), '150');
  });

  it('cleans pasted Word HTML and re-hosts its external picture onto our storage', async () => {
    const external = `${site.url}/pics/river.png?utm_source=wx`;
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><div class=WordSection1>' +
      '<h1 class=MsoTitle style="mso-line-height-rule:exactly">粘贴的标题</h1>' +
      '<p class=MsoNormal style="mso-margin-top-alt:auto"><span style="font-family:宋体;color:#C00000">粘贴的正文<o:p></o:p></span></p>' +
      '<p class=MsoNormal><o:p>&nbsp;</o:p></p>' +
      `<p class=MsoNormal><img width=300 height=200 src="${external}" v:shapes="_x0000_i1025"></p>` +
      '<p><a href="https://news.example/a?id=1&utm_source=wx&spm=1">原文链接</a></p>' +
      '</div></body></html>';
    const storedBefore = await editor(page).locator('img[src^="/oss/"]').count();
    await caretAtEnd(page);
    await page.evaluate((html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '粘贴的标题');
      document.querySelector('.ql-editor')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, word);
    await editor(page).locator('p', { hasText: '粘贴的正文' }).waitFor();
    await page.waitForFunction((count) => document.querySelectorAll('.ql-editor img[src^="/oss/"]').length > count, storedBefore, { timeout: 30_000 });
    const html = await editor(page).innerHTML();
    assert.match(html, /<p>粘贴的标题<\/p>/);
    assert.doesNotMatch(html, /Mso|mso-|o:p|WordSection|utm_source|spm=|127\.0\.0\.1|data:image/);
    assert.match(html, /href="https:\/\/news\.example\/a\?id=1"/);
    assert.ok(site.hits() >= 1, 'the server fetched the picture from its site');
    await shot(page, 'media-4-pasted', { fullPage: false });
  });

  it('uploads a picture dropped into the body', async () => {
    const storedBefore = await editor(page).locator('img[src^="/oss/"]').count();
    await page.evaluate((base64) => {
      const root = document.querySelector('.ql-editor') as HTMLElement;
      // Dropped on the last paragraph, where the browser places the caret.
      const target = root.lastElementChild as HTMLElement;
      target.scrollIntoView({ block: 'center' });
      const box = target.getBoundingClientRect();
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], '拖进来的.png', { type: 'image/png' }));
      root.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, clientX: box.left + 4, clientY: box.top + box.height / 2, bubbles: true, cancelable: true }),
      );
    }, noisePng(40, 5).toString('base64'));
    await page.waitForFunction((count) => document.querySelectorAll('.ql-editor img[src^="/oss/"]').length > count, storedBefore, { timeout: 30_000 });
  });

  it('publishes the article; the saved body holds every medium and no placeholder', async () => {
    await page.getByText('无封面').click();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/article/add') && response.request().postData()?.includes('save_type=2') === true, {
        timeout: 30_000,
      }),
      page.getByRole('button', { name: /^发\s*布$/ }).click(),
    ]);
    const published = (await answer.json()) as { code: number; data: { manuscript_id: number } };
    assert.equal(published.code, 0, JSON.stringify(published));
    await page.getByText('发布成功，等待审核').waitFor();
    const shown = await signed<ManuscriptDetail>(page, '/api/manuscript/show', { id: published.data.manuscript_id });
    const body = shown.data.nm_content;
    assert.match(body, /<img src="\/oss\/[^"]+\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.png"/);
    assert.match(body, /<video src="\/oss\/[^"]+\.mp4" poster="\/oss\/[^"]+" controls=""><\/video>/);
    assert.match(body, /<audio src="\/oss\/[^"]+\.wav" controls=""><\/audio>/);
    assert.match(body, /<iframe src="https:\/\/player\.bilibili\.com\/player\.html\?bvid=BV1GJ411x7h7/);
    assert.match(body, /<p>粘贴的标题<\/p>/);
    // Uploaded from the toolbar, re-hosted from the paste, dropped.
    assert.equal((body.match(/<img src="\/oss\//g) ?? []).length, 3);
    assert.doesNotMatch(body, /ql-upload-placeholder|data-upload-id|data-state|data:image|127\.0\.0\.1/);
  });

  it('uploads the video of a video piece: 上传中, 转码中, then played with its poster', async () => {
    await page.goto(`${baseUrl}/videoWrite`);
    const field = page.getByTestId('video-field');
    await field.waitFor({ timeout: 60_000 });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), field.getByRole('button', { name: '上传视频' }).click()]);
    await chooser.setFiles({ name: '视频稿.mkv', mimeType: 'video/x-matroska', buffer: video });
    await page.locator('[data-testid="video-field"][data-state="transcoding"]').waitFor({ timeout: 60_000 });
    await field.getByRole('img', { name: '转码中' }).waitFor();
    assert.equal(await field.locator('video').count(), 0);
    await shot(page, 'media-5-video-field-transcoding', { fullPage: false });
    await page.locator('[data-testid="video-field"][data-state="chosen"]').waitFor({ timeout: 180_000 });
    assert.match((await field.locator('video').getAttribute('poster')) ?? '', /^\/oss\//);
    assert.match((await field.locator('video').getAttribute('src')) ?? '', /^\/oss\/.+\.mp4$/);
    await shot(page, 'media-6-video-field-done', { fullPage: false });
  });
});
