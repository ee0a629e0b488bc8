/** The operator import: split, render, store, and the atomic switch of an issue's pages. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { bytes } from '../../lib/bytes';
import { DiskObjectStore } from '../../storage/disk-object-store';
import { setUpTestDatabase, tempDir } from '../../testing/test-app';
import { type ImportDependencies, importIssue } from './import-issue';
import { findIssuePages } from './issue-store';
import { createPdfjsRenderer } from './page-renderer';
import { splitIntoPages } from './pdf-pages';
import { blankPdf, fakeRenderer } from './testing';

describe('newspaper import', () => {
  const storageDir = tempDir('newspaper-import');
  const storage = new DiskObjectStore(storageDir.dir, 'creator', '/oss');
  const harness = setUpTestDatabase({ cleanUp: [storageDir.remove] });
  let deps: ImportDependencies;

  before(async () => {
    deps = { db: harness.database.db, storage, renderer: fakeRenderer() };
  });

  it('splits a multi-page PDF, or several PDFs, into one single-page PDF per page in order', async () => {
    const pages = await splitIntoPages([await blankPdf(3, 'A'), await blankPdf(1, 'B')]);
    assert.equal(pages.length, 4);
    await assert.rejects(splitIntoPages([bytes(Buffer.from('not a pdf'))]), /file 1 is not a readable PDF/);
  });

  it('renders a page to an image of the asked width and the page aspect ratio (PNG and JPEG)', async () => {
    const [page] = await splitIntoPages([await blankPdf(1)]); // 300 × 400 points
    assert.ok(page);
    const png = await createPdfjsRenderer({ width: 600, format: 'png' }).render(page);
    assert.equal(png.contentType, 'image/png');
    assert.deepEqual(png.body.subarray(1, 4).toString(), 'PNG');
    const decoded = await loadImage(png.body);
    assert.deepEqual([decoded.width, decoded.height, png.width, png.height], [600, 800, 600, 800]);
    const jpeg = await createPdfjsRenderer().render(page);
    assert.equal(jpeg.contentType, 'image/jpeg');
    assert.deepEqual([...jpeg.body.subarray(0, 2)], [0xff, 0xd8]);
    assert.deepEqual([jpeg.width, jpeg.height], [1000, 1333]);
    // Not a blank image: the text was drawn (some dark pixels).
    const canvas = createCanvas(decoded.width, decoded.height);
    canvas.getContext('2d').drawImage(decoded, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, decoded.width, decoded.height).data;
    assert.ok(pixels.some((value, index) => index % 4 === 0 && value < 100));
  });

  it('stores a PDF and an image per page and answers them in page order', async () => {
    const result = await importIssue(
      { ...deps, renderer: createPdfjsRenderer({ width: 200 }) },
      { type: 1, date: '2026-11-22', files: [await blankPdf(2), await blankPdf(1)] },
    );
    assert.equal(result.pages, 3);
    const pages = await findIssuePages(harness.database.db, { type: 1, date: '2026-11-22' });
    assert.deepEqual(
      pages.map((page) => page.pageNo),
      [1, 2, 3],
    );
    for (const page of pages) {
      assert.equal(page.pdfKey, `newspaper/1/2026-11-22/${result.importId}/${page.pageNo}.pdf`);
      assert.equal((await storage.head(page.pdfKey))?.contentType, 'application/pdf');
      assert.equal((await storage.head(page.imgKey))?.contentType, 'image/jpeg');
    }
  });

  it('refuses an unknown type, a bad day or no file before writing anything', async () => {
    const file = await blankPdf(1);
    await assert.rejects(importIssue(deps, { type: 9, date: '2026-11-22', files: [file] }), /Unknown newspaper type/);
    await assert.rejects(importIssue(deps, { type: 1, date: '2026-13-01', files: [file] }), /YYYY-MM-DD/);
    await assert.rejects(importIssue(deps, { type: 1, date: '2026-11-22', files: [] }), /No PDF/);
  });

  it('re-importing switches atomically: a reader sees the old or the new complete set, then old objects are gone', async () => {
    const issue = { type: 2, date: '2026-11-22' };
    const first = await importIssue(deps, { ...issue, files: [await blankPdf(3)] });
    const oldKeys = (await findIssuePages(harness.database.db, issue)).flatMap((page) => [page.pdfKey, page.imgKey]);

    let done = false;
    const reimport = importIssue({ ...deps, renderer: fakeRenderer(5) }, { ...issue, files: [await blankPdf(5)] }).finally(() => {
      done = true;
    });
    const seen = new Set<string>();
    while (!done) {
      const pages = await findIssuePages(harness.database.db, issue);
      const imports = new Set(pages.map((page) => page.pdfKey.split('/')[3]));
      assert.equal(imports.size, 1, 'one import per read');
      const [importId] = imports;
      assert.equal(pages.length, importId === first.importId ? 3 : 5, 'a complete set');
      assert.deepEqual(
        pages.map((page) => page.pageNo),
        Array.from({ length: pages.length }, (_, n) => n + 1),
      );
      seen.add(String(importId));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const second = await reimport;
    assert.ok(seen.has(first.importId), 'reads during the import saw the old set');
    assert.equal(second.replacedObjects, 6);
    assert.deepEqual((await findIssuePages(harness.database.db, issue)).length, 5);
    for (const key of oldKeys) assert.equal(await storage.head(key), null, `${key} deleted`);
  });

  it('a failed import leaves the issue and storage as they were', async () => {
    const issue = { type: 4, date: '2026-11-22' };
    await importIssue(deps, { ...issue, files: [await blankPdf(2)] });
    const before = await findIssuePages(harness.database.db, issue);
    const keysBefore = await storage.list('newspaper/4/');
    let calls = 0;
    const failing = { render: async () => (++calls === 3 ? Promise.reject(new Error('render failed')) : fakeRenderer().render(new Uint8Array())) };
    await assert.rejects(importIssue({ ...deps, renderer: failing }, { ...issue, files: [await blankPdf(4)] }), /render failed/);
    assert.deepEqual(await findIssuePages(harness.database.db, issue), before);
    assert.deepEqual(await storage.list('newspaper/4/'), keysBefore);
  });
});
