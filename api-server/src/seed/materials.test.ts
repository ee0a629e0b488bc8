import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type MaterialDetail, type MaterialListAnswer } from 'shared-sdk/contract';
import { parseUploadKey } from '../features/upload/keys';
import { embeddedObjectStore } from '../plugins/app/storage';
import { body, login, signed } from '../testing/signed';
import { buildTestApp, tempDir } from '../testing/test-app';
import { type TestDatabase, openMigratedTestDatabase } from '../testing/test-database';
import { seedDemoData } from '.';

const OWNER = '13800000001';
const OTHER = '13800000002';

// The shared test database is seeded without storage (inline pictures only); this file seeds with
// the server's object store, as main does, so every demo file is really stored.
describe('demo seed with an object store', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const data = tempDir('seed-materials');

  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(app, { method: 'POST', url, token: tokens[phone], params }));
  const list = (phone: string, params: Record<string, string | number>) => call<MaterialListAnswer>(phone, '/api/material/list', params);

  before(async () => {
    database = await openMigratedTestDatabase();
    await seedDemoData(database.db, embeddedObjectStore({ dataDir: data.dir }));
    // The app's embedded store is the same folder the seed wrote to.
    app = await buildTestApp(database, { dataDir: data.dir });
    for (const phone of [OWNER, OTHER]) tokens[phone] = await login(app, phone);
  });
  after(async () => {
    await app.close();
    await database.close();
    data.remove();
  });

  it('gives 13800000001 an approved video and an audio (cm_type 3) with image posters, in mine and in the public library', async () => {
    const mine = await list(OWNER, { cm_type: 3 });
    assert.equal(mine.code, 0, mine.msg);
    assert.deepEqual(mine.data.data.data.map((m) => m.cm_title).sort(), ['晨钟（音频）', '黄河日出（视频）'].sort());
    for (const media of mine.data.data.data) {
      assert.equal(media.cm_check, 2);
      assert.equal(media.is_my, true);
      assert.match(media.cm_url, /^\/oss\/creator\/(video|audio)\/\d{8}\/u\d+\/[0-9a-f]{32}\.(mp4|webm|m4a|wav)$/);
      assert.match(media.cm_icon_url, /^\/oss\/creator\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.(jpg|png|svg)$/);
    }
    const shared = await list(OTHER, { all: 1, cm_type: 3 });
    assert.deepEqual(
      shared.data.data.data.map((m) => m.is_my),
      [false, false],
    );
    assert.equal((await list(OWNER, {})).data.data.total, 4, 'the default filter (images) is unchanged');
  });

  it('stores every seeded file in the storage: no data: URL, the real size, served typed by its bytes', async () => {
    const rows = await database.db.selectFrom('materials').select(['id', 'cm_type', 'url', 'icon_url', 'object_key', 'size']).execute();
    assert.equal(rows.length, 10, '8 pictures, a video and an audio');
    const types: string[] = [];
    for (const row of rows) {
      assert.doesNotMatch(row.url, /^data:/, `material ${row.id}`);
      assert.doesNotMatch(row.icon_url, /^data:/, `material ${row.id}`);
      assert.ok(parseUploadKey(row.object_key), `material ${row.id} is stored under the upload layout: ${row.object_key}`);
      const file = await app.inject({ method: 'GET', url: row.url });
      assert.equal(file.statusCode, 200, row.url);
      assert.equal(row.size, file.rawPayload.length, `material ${row.id} records its real size`);
      types.push(String(file.headers['content-type']).split(';')[0] ?? '');
      const icon = await app.inject({ method: 'GET', url: row.icon_url });
      assert.equal(icon.statusCode, 200, row.icon_url);
      assert.match(String(icon.headers['content-type']), /^image\//);
      const detail = await call<MaterialDetail>(OWNER, '/api/material/showChild', { id: row.id });
      assert.equal(detail.code, 0, detail.msg);
      assert.equal(detail.data.size, row.size, 'the detail shows the real size');
    }
    assert.equal(types.filter((type) => type === 'image/svg+xml').length, 8);
    assert.ok(types.includes('video/mp4') || types.includes('video/webm'), types.join());
    assert.ok(types.includes('audio/mp4') || types.includes('audio/wav'), types.join());
  });

  it('stores nothing again on a second start', async () => {
    assert.deepEqual(await seedDemoData(database.db, embeddedObjectStore({ dataDir: data.dir })), []);
    assert.equal((await list(OWNER, { cm_type: 3 })).data.data.total, 2);
  });
});
