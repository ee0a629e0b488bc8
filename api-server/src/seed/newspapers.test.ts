/** The demo newspaper import: real pages rendered in a child process that ends with the import. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NEWSPAPERS } from 'shared-sdk/contract';
import { bytes } from '../lib/bytes';
import { DiskObjectStore } from '../storage/disk-object-store';
import { setUpTestDatabase, tempDir } from '../testing/test-app';
import { countIssues, findIssuePages } from '../features/newspaper/issue-store';
import { createProcessRenderer } from '../features/newspaper/render-process';
import { blankPdf } from '../features/newspaper/testing';
import { localDay, seedDemoNewspapers } from './newspapers';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('demo newspapers', () => {
  const storageDir = tempDir('demo-newspapers');
  const storage = new DiskObjectStore(storageDir.dir, 'creator', '/oss');
  const harness = setUpTestDatabase({ cleanUp: [storageDir.remove] });

  it('imports each paper once per day with JPEG pages, rendered outside this process, and only into an empty database', async () => {
    const renderer = createProcessRenderer({ width: 300 });
    const today = new Date();
    try {
      assert.equal(await seedDemoNewspapers({ db: harness.database.db, storage, renderer }, today, 1), NEWSPAPERS.length);
      const child = renderer.pid;
      assert.ok(child && child !== process.pid);
      for (const paper of NEWSPAPERS) {
        const pages = await findIssuePages(harness.database.db, { type: paper.value, date: localDay(today, 0) });
        assert.equal(pages.length, 2 + (paper.value % 3));
        const image = await storage.readHead(pages[0]!.imgKey, 2);
        assert.deepEqual([...(image ?? [])], [0xff, 0xd8]);
      }
      // pdf.js sets this global when it loads: the server process never did.
      assert.equal((globalThis as { pdfjsLib?: unknown }).pdfjsLib, undefined);
      await renderer.close();
      assert.equal(renderer.pid, undefined);
      assert.equal(isRunning(child), false);
      assert.equal(await seedDemoNewspapers({ db: harness.database.db, storage, renderer }, today, 1), 0);
      assert.equal(await countIssues(harness.database.db), NEWSPAPERS.length);
    } finally {
      await renderer.close();
    }
  });

  it('a page the renderer cannot read fails that render only; the process goes on with the next', async () => {
    const renderer = createProcessRenderer({ width: 100, format: 'png' });
    try {
      await assert.rejects(renderer.render(bytes(Buffer.from('not a pdf'))), /PDF/i);
      const image = await renderer.render(await blankPdf(1));
      assert.equal(image.contentType, 'image/png');
      assert.deepEqual([image.width, image.height], [100, 133]);
      assert.ok(Buffer.isBuffer(image.body));
    } finally {
      await renderer.close();
    }
  });
});
