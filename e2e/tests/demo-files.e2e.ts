/**
 * The seeded demo materials are real files in the storage: another creator downloads a public one
 * and gets its bytes, and the demo video and audio play in the material detail.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import type { MaterialListAnswer } from 'shared-sdk/contract';
import { signedFromPage } from '../support/api';
import { ACCOUNTS, useBrowser } from '../support/browser';
import { baseUrl } from '../support/env';

describe('demo files', () => {
  const harness = useBrowser();

  it('公共素材 → 下载 of a seeded material by another creator saves the file with its bytes', async () => {
    // 嵩山云海 belongs to 13800000006; 13800000001 finds it among the public materials.
    const { page } = await harness.loggedIn(ACCOUNTS.verified, { width: 1400, height: 900 });
    const listed = await signedFromPage<MaterialListAnswer>(page, baseUrl, 'POST', '/api/material/list', {
      all: 1,
      cm_type: 2,
      cm_title: '嵩山云海',
      page: 1,
      per_page: 24,
    });
    const material = listed.data.data.data.find((m) => m.cm_title === '嵩山云海');
    assert.ok(material, 'the public library lists the seeded 嵩山云海');
    assert.doesNotMatch(material.cm_url, /^data:/);
    const stored = await page.request.get(new URL(material.cm_url, baseUrl).toString());
    assert.equal(stored.status(), 200);

    await page.goto(`${baseUrl}/material/1`);
    const card = page.getByTestId('material-card').filter({ hasText: '嵩山云海' });
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /下\s*载/ }).click();
    await page.getByText('素材操作成功').waitFor();
    const saved = await download;
    assert.equal(saved.suggestedFilename(), '嵩山云海.svg');
    const file = await saved.path();
    assert.deepEqual(fs.readFileSync(file), await stored.body(), 'the saved file is the stored file');
  });

  it('the demo video and audio play in the material detail and show their real size', async () => {
    const { page } = await harness.loggedIn(ACCOUNTS.verified, { width: 1400, height: 900 });
    const listed = await signedFromPage<MaterialListAnswer>(page, baseUrl, 'POST', '/api/material/list', { all: 0, cm_type: 3, page: 1, per_page: 24 });
    for (const title of ['黄河日出（视频）', '晨钟（音频）']) {
      const material = listed.data.data.data.find((m) => m.cm_title === title);
      assert.ok(material, `${title} is seeded`);
      const bytes = (await (await page.request.get(new URL(material.cm_url, baseUrl).toString())).body()).length;
      await page.goto(`${baseUrl}/material/detail?materialId=${material.cm_id}`);
      await page.getByText(`${(bytes / 1024).toFixed(1)}kb`).waitFor();
      const media = page.getByTestId('material-player').locator('video');
      await media.waitFor({ state: 'attached' });
      // Metadata read means the browser decoded the file's header: it has a length and plays.
      const duration = await media.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<number>((resolve, reject) => {
            if (element.readyState >= 1) resolve(element.duration);
            element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
            element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code ?? '?'}`)), { once: true });
            element.preload = 'metadata';
            element.load();
          }),
      );
      assert.ok(duration > 1 && duration < 10, `${title}: ${duration} s`);
    }
  });
});
