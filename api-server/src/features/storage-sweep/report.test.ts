/**
 * `admin storage-report`: bytes by kind and by creator, open uploads and pending orphans, as an
 * operator reads them in a terminal. On PostgreSQL the real command runs too, as a process.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { type TestToken, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { ApiCode, type StorageReport } from 'shared-sdk/contract';
import { addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import { runStorageReport } from './report-cli';

const DAY = 86_400_000;
const hex = () => [...Array(32)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');

describe('admin storage-report', () => {
  let token: TestToken;
  const data = tempDir('storage-report');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    token = await fetchToken(harness.app, await login(harness.app, '13800000006'));
    const uid = Number(token.keyScope.slice(1));
    const put = async (key: string, size: number, ageDays: number) => {
      await harness.app.storage.put(key, Buffer.alloc(size, 1), 'application/octet-stream');
      const when = new Date(Date.now() - ageDays * DAY);
      fs.utimesSync(path.join(data.dir, 'storage', harness.app.storage.bucket, 'objects', key), when, when);
    };
    // 13800000006: a named 3 MiB video, a 1 MiB orphan image (10 days old), a young 2 KiB image.
    const video = `video/20261101/u${uid}/${hex()}.mp4`;
    await put(video, 3 * 1024 * 1024, 20);
    await harness.database.db
      .insertInto('drama_episodes')
      .values({ drama_id: 1, episode_no: 99, title: '报告', video_url: harness.app.storage.publicUrl(video) })
      .execute();
    await put(`image/20261101/u${uid}/${hex()}.png`, 1024 * 1024, 10);
    await put(`image/20261127/u${uid}/${hex()}.png`, 2048, 0);
    // Another creator: one small named file.
    const other = `file/20261101/u1/${hex()}.pdf`;
    await put(other, 500, 30);
    await harness.database.db
      .updateTable('users')
      .set({ avatar: harness.app.storage.publicUrl(other) })
      .where('phone', '=', '13800000001')
      .execute();
    // One open upload of 13800000006 with a part of 100 KB.
    const key = newKey(token.keyScope);
    const init = await ossInject(harness.app, token, { method: 'POST', key, subres: 'uploads', contentType: 'image/png' });
    const uploadId = /<UploadId>([0-9a-f]+)<\/UploadId>/.exec(init.body)?.[1] ?? '';
    const part = await ossInject(harness.app, token, { method: 'PUT', key, subres: { partNumber: 1, uploadId }, payload: Buffer.alloc(100_000, 2) });
    assert.equal(part.statusCode, 200, part.body);
  });

  function checkReport(text: string): void {
    const row = (label: string) => text.split('\n').find((line) => line.trimStart().startsWith(label)) ?? '';
    assert.match(row('video'), /^\s*video\s+1\s+3\.0 MiB$/, text);
    assert.match(row('image'), /^\s*image\s+2\s+1\.0 MiB$/, text);
    assert.match(row('file'), /^\s*file\s+1\s+500 B$/, text);
    assert.match(row('total'), /^\s*total\s+4\s+4\.0 MiB$/, text);
    const creators = text.slice(text.indexOf('Top 10 creators'));
    const lines = creators.split('\n').slice(2, 4);
    assert.match(lines[0] ?? '', new RegExp(`^\\s*${token.keyScope}\\s+13800000006\\s+\\S+\\s+3\\s+4\\.0 MiB\\s+1 \\(97\\.7 KiB\\)$`), text);
    assert.match(lines[1] ?? '', /^\s*u1\s+13800000001\s+\S+\s+1\s+500 B\s+0$/, text);
    assert.match(text, /Open multipart uploads: 1 by 1 creator\(s\), 97\.7 KiB in parts/);
    assert.match(text, /Pending orphans \(named by no record, older than 7 days; the next sweep removes them\): 1 objects, 1\.0 MiB/);
    assert.match(text, /Named by no record yet, younger than that: 1 objects, 2\.0 KiB/);
  }

  it('prints bytes by kind and by creator, the open uploads and the pending orphans', async () => {
    const text = await runStorageReport(harness.database.db, harness.app.config, '10');
    checkReport(text);
    await assert.rejects(runStorageReport(harness.database.db, harness.app.config, '0'), /--top/);
  });

  it('answers the same figures to an admin through the operator API, and nothing to a moderator', async () => {
    const admin = await signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, 'admin'));
    const moderator = await signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, 'moderator'));
    const audited = async () => (await harness.database.db.selectFrom('operator_audit').select('id').execute()).length;
    const rowsBefore = await audited();
    const answer = await operatorCall<StorageReport>(harness.app, { url: '/api/operator/storage/report', token: admin, query: { top: '2' } });
    assert.equal(answer.body.code, ApiCode.OK, answer.body.msg);
    const report = answer.body.data;
    assert.deepEqual(
      report.kinds.filter((kind) => kind.objects).map((kind) => [kind.kind, kind.objects, kind.bytes]),
      [
        ['image', 2, 1024 * 1024 + 2048],
        ['video', 1, 3 * 1024 * 1024],
        ['file', 1, 500],
      ],
    );
    assert.deepEqual(report.total, { objects: 4, bytes: 4 * 1024 * 1024 + 2548 });
    assert.equal(report.top.length, 2);
    assert.equal(report.top[0]!.creator?.phone, '13800000006');
    assert.deepEqual(report.top[0]!.open_uploads, { objects: 1, bytes: 100_000 });
    assert.equal(report.top[1]!.creator?.phone, '13800000001');
    assert.equal(report.open_uploads?.uploads, 1);
    assert.deepEqual(report.pending_orphans, { objects: 1, bytes: 1024 * 1024 });
    assert.deepEqual(report.young_unnamed, { objects: 1, bytes: 2048 });
    assert.equal(report.expiry_days, 7);
    // A read: no audit row. A moderator and a hostile top get nothing.
    assert.equal(await audited(), rowsBefore);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/storage/report', token: moderator })).status, 403);
    assert.equal(
      (await operatorCall(harness.app, { url: '/api/operator/storage/report', token: admin, query: { top: '0' } })).body.code,
      ApiCode.INVALID_PARAMS,
    );
  });

  it('is what the operator command prints (PostgreSQL: the command runs as its own process)', async (t) => {
    if (!harness.database.url) return t.skip('the embedded database belongs to this process; on PostgreSQL the command runs beside it');
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: harness.database.url, DATA_DIR: data.dir, LOG_LEVEL: 'silent' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'storage-report'], {
      env,
      cwd: path.resolve(import.meta.dirname, '../../..'),
    });
    checkReport(stdout);
  });
});
