import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type MaterialDetail, type MaterialListAnswer } from 'shared-sdk/contract';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { embeddedObjectStore } from '../plugins/app/storage';
import { body, login, signed } from '../testing/signed';
import { buildTestApp, tempDir } from '../testing/test-app';
import { type TestDatabase, createScratchDatabase } from '../testing/test-database';
import { seedDemoData } from '.';

const OWNER = '13800000001';
const OTHER = '13800000002';
const VIDEO = readFileSync(new URL('./assets/demo-video.webm', import.meta.url));
const POSTER = readFileSync(new URL('./assets/demo-video-poster.png', import.meta.url));

// The shared test database is seeded without storage (images only); this file seeds with the
// server's object store, as main does, so the demo video and its poster are really stored.
describe('demo seed with an object store', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const data = tempDir('seed-materials');

  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(app, { method: 'POST', url, token: tokens[phone], params }));
  const list = (phone: string, params: Record<string, string | number>) => call<MaterialListAnswer>(phone, '/api/material/list', params);

  before(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'creator_test') : { url: '', drop: async () => {} };
    const handle = await openDatabase({ databaseUrl: scratch.url });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, embeddedObjectStore({ dataDir: data.dir }));
    database = {
      ...handle,
      url: scratch.url,
      close: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
    // The app's embedded store is the same folder the seed wrote to.
    app = await buildTestApp(database, { dataDir: data.dir });
    for (const phone of [OWNER, OTHER]) tokens[phone] = await login(app, phone);
  });
  after(async () => {
    await app.close();
    await database.close();
    data.remove();
  });

  it('gives 13800000001 one approved video (cm_type 3) with its url and an image icon, in mine and in the public library', async () => {
    const mine = await list(OWNER, { cm_type: 3 });
    assert.equal(mine.code, 0, mine.msg);
    assert.equal(mine.data.data.total, 1);
    const video = mine.data.data.data[0];
    assert.ok(video);
    assert.equal(video.cm_type, 3);
    assert.equal(video.cm_check, 2);
    assert.equal(video.is_my, true);
    assert.match(video.cm_url, /^\/oss\/creator\/video\/\d{8}\/u\d+\/[0-9a-f]{32}\.webm$/);
    assert.match(video.cm_icon_url, /^\/oss\/creator\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.png$/);
    const shared = await list(OTHER, { all: 1, cm_type: 3 });
    assert.deepEqual(shared.data.data.data.map((m) => [m.cm_id, m.is_my]), [[video.cm_id, false]]);
    assert.equal((await list(OWNER, {})).data.data.total, 4, 'the default filter (images) is unchanged');
  });

  it('answers the detail of the video and serves the stored file and poster', async () => {
    const { data: page } = await list(OWNER, { cm_type: 3 });
    const id = page.data.data[0]?.cm_id ?? 0;
    const detail = await call<MaterialDetail>(OWNER, '/api/material/showChild', { id });
    assert.equal(detail.code, 0, detail.msg);
    assert.equal(detail.data.cm_type, 3);
    assert.equal(detail.data.size, VIDEO.length);
    assert.equal(detail.data.logs[0]?.cml_behavior, 1);
    const file = await app.inject({ method: 'GET', url: detail.data.cm_url });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /^video\/webm/);
    assert.deepEqual(file.rawPayload, VIDEO);
    const poster = await app.inject({ method: 'GET', url: detail.data.cm_icon_url });
    assert.equal(poster.statusCode, 200);
    assert.match(String(poster.headers['content-type']), /^image\/png/);
    assert.deepEqual(poster.rawPayload, POSTER);
  });

  it('stores nothing again on a second start', async () => {
    assert.deepEqual(await seedDemoData(database.db, embeddedObjectStore({ dataDir: data.dir })), []);
    assert.equal((await list(OWNER, { cm_type: 3 })).data.data.total, 1);
  });
});
