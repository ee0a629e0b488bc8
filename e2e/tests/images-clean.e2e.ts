import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import exifReader from 'exif-reader';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

/** A phone photo with its position (Zhengzhou) in EXIF, stored sideways (orientation 6). */
async function gpsPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 48, channels: 3, background: '#3a7d44' } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '113/1 39/1 0/1' },
    })
    .toBuffer();
}

async function gpsOf(image: Buffer): Promise<unknown> {
  const { exif } = await sharp(image).metadata();
  return exif ? (exifReader(exif).GPSInfo ?? null) : null;
}

describe('images stored clean: the material add screen', () => {
  const harness = useBrowser();
  let page: Page;
  const title = `定位照片${Date.now() % 100000}`;

  before(async () => {
    page = await harness.signedInPage(ACCOUNTS.verified, { width: 1400, height: 900 });
  });

  it('uploads a GPS-tagged JPEG through the real screen; the saved material serves it without location, upright', async () => {
    const photo = await gpsPhoto();
    assert.ok(await gpsOf(photo), 'the photo carries a position');
    await page.goto(`${baseUrl}/material/add`);
    await page.getByText('素材名称').waitFor();
    const uploaded: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.jpg/.test(request.url())) uploaded.push(new URL(request.url()).pathname);
    });
    const cleaned = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/upload/tos/cleanImage');
    await page.locator('input[type=file]').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const answer = (await (await cleaned).json()) as { code: number; data: { url: string } };
    assert.equal(answer.code, 0);
    // The screen looks as before: the picture shows once it is uploaded.
    await page.locator('[data-testid=upload-item] img').first().waitFor({ timeout: 60_000 });
    await page.getByPlaceholder('请输入素材名称').fill(title);
    await page.getByPlaceholder('请输入素材描述').fill('带有拍摄位置的照片');
    const saved = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/material/save');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    const files = new URLSearchParams((await saved).postData() ?? '').get('files') ?? '';
    await page.getByText('添加素材成功').waitFor();
    assert.equal(new URL(files, baseUrl).pathname, new URL(answer.data.url, baseUrl).pathname, 'the clean copy is what the screen saved');

    const served = await page.request.get(new URL(files, baseUrl).href);
    assert.equal(served.status(), 200);
    const bytes = await served.body();
    assert.equal(await gpsOf(bytes), null, 'no position');
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.exif, undefined, 'no EXIF at all');
    assert.deepEqual([meta.width, meta.height], [48, 96], 'the orientation applied to the pixels');

    assert.ok(uploaded.length > 0, 'the browser uploaded the raw photo straight to storage');
    for (const raw of uploaded) {
      assert.notEqual(raw, new URL(files, baseUrl).pathname);
      assert.equal((await page.request.get(new URL(raw, baseUrl).href)).status(), 404, 'the raw upload is gone');
    }
  });
});
