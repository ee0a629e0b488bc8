import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import * as operations from '../operations';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';
import { release } from '../testing/releases';
import { emptyManifest } from './manifest';
import { promote, rollback, startCanary } from './steps';

const ENV = 'production';
const policy = { marginPoints: 5, minLoads: 20, alpha: 0.05 };
const ctx = { who: 'api-server (step plan)', at: '2026-01-01T00:00:00.000Z' };

test('a step-plan check asks for counts only while a plan or a watch window runs', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plan-check-'));
  try {
    const store = new ReleaseStore(new FolderBlobStore(dir));
    let asked = 0;
    const stats = () => {
      asked += 1;
      return Promise.resolve({});
    };
    const check = () => operations.stepPlans({ store, env: ENV, who: ctx.who }, policy, stats);

    const stable = promote(emptyManifest(ENV), 'mf-drafts', ctx, release('1.0.0'));
    await store.writeManifest(ENV, stable, 0);
    assert.deepEqual((await check()).decisions, []);
    const current = await store.readManifest(ENV);
    await store.writeManifest(ENV, startCanary(current, release('1.1.0'), 10, ctx), current.revision);
    await check();
    assert.equal(asked, 0, 'no plan (a canary by hand), no watch: nothing counted');

    const manual = await store.readManifest(ENV);
    const back = rollback(manual, 'mf-drafts', ctx);
    await store.writeManifest(ENV, startCanary(back, release('1.2.0'), 0, ctx, { steps: [5, 100], pauseMinutes: 0, watchMinutes: 0 }), manual.revision);
    const { decisions } = await check();
    assert.equal(asked, 1);
    assert.equal(decisions[0]?.kind, 'wait');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
