/**
 * Upload grants (grants.ts): the token call with what is about to be uploaded. First on the embedded
 * storage (the one-key credentials written with ali-oss's own signing), then an app in bucket mode:
 * STS (a local stand-in) for the credentials, and as its store an OssObjectStore speaking the OSS
 * protocol to this project's embedded storage, as it would to a real bucket, where the browser's
 * bytes are not bounded while they stream: the limits hold at the token call and at the HEAD where
 * the server accepts the object.
 */
import assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ApiCode, STORAGE_REFUSAL_MESSAGES, SaveType } from 'shared-sdk/contract';
import type { OssBucketConfig } from '../../config';
import { EMBEDDED_REGION } from '../../plugins/app/storage';
import { OssObjectStore } from '../../storage/oss-object-store';
import { cleanImageCall } from '../../testing/clean-image';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { SAMPLE, type TestToken, newKey, ossInject } from '../oss/oss-test-client';
import { add, articleFields } from '../editor/test-kit';
import { sweepOrphans } from '../storage-sweep/sweep';
import { INTENT_REQUIRED_MESSAGE } from '.';
import { GRANT_EXPIRED_MESSAGE, grantUpload } from './grants';

const KB = 1000;
const DAY = 86_400_000;
const LIMITS = { maxOpenUploads: 2, quotaBytes: 100 * KB, orphanExpiryMs: 7 * 86_400_000, orphanSweepIntervalMs: 0 };

type Token = TestToken & { key?: string };

async function tokenCall(app: FastifyInstance, token: string, params: Record<string, string | number> = {}, url = '/api/upload/tos/token') {
  return body<Token>(await signed(app, { url, token, params }));
}

describe('upload grants on the embedded storage', () => {
  const data = tempDir('grants');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, storageLimits: LIMITS }, cleanUp: [data.remove] });

  it("refuses a file beyond its kind's limit before anything is sent", async () => {
    const token = await login(harness.app, '13800000001');
    const image = await tokenCall(harness.app, token, { kind: 'image', size: 200 * 1024 * 1024 + 1, ext: 'png' });
    assert.deepEqual([image.code, image.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.EntityTooLarge]);
    const video = await tokenCall(harness.app, token, { kind: 'video', size: 2 * 1024 ** 3 + 1, ext: 'mp4' }, '/api/upload/vod/token');
    assert.deepEqual([video.code, video.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.EntityTooLarge]);
    const fits = await tokenCall(harness.app, token, { kind: 'video', size: 2 * 1024 ** 3, ext: 'mp4' }, '/api/upload/vod/token');
    assert.equal(fits.code, ApiCode.INVALID_PARAMS, 'a 2 GiB video is within its kind but not within a 100 kB quota');
    assert.equal(fits.msg, STORAGE_REFUSAL_MESSAGES.QuotaExceeded);
  });

  it('hands out credentials that write the one key it names, nothing else of the scope', async () => {
    const token = await login(harness.app, '13800000002');
    const granted = await tokenCall(harness.app, token, { kind: 'image', size: SAMPLE.png.length, ext: 'png' });
    assert.equal(granted.code, 0, granted.msg);
    const key = granted.data.key ?? '';
    assert.match(key, new RegExp(`^image/\\d{8}/${granted.data.keyScope}/[0-9a-f]{32}\\.png$`));
    const elsewhere = await ossInject(harness.app, granted.data, {
      method: 'PUT',
      key: newKey(granted.data.keyScope),
      payload: SAMPLE.png,
      contentType: 'image/png',
    });
    assert.equal(elsewhere.statusCode, 403);
    assert.match(elsewhere.body, /<Code>AccessDenied<\/Code>/);
    const put = await ossInject(harness.app, granted.data, { method: 'PUT', key, payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);

    // Renewed for the same upload (ali-oss refreshes credentials during a long one): the same key.
    const renewed = await tokenCall(harness.app, token, { key });
    assert.equal(renewed.code, 0, renewed.msg);
    assert.equal(renewed.data.key, key);
    const other = await login(harness.app, '13800000003');
    const stolen = await tokenCall(harness.app, other, { key });
    assert.equal(stolen.code, ApiCode.INVALID_PARAMS, 'no one renews the credentials of an upload of someone else');
  });

  it('counts unfinished uploads and the quota, and frees them when objects appear or are removed', async () => {
    const token = await login(harness.app, '13800000004');
    const first = await tokenCall(harness.app, token, { kind: 'file', size: 40 * KB, ext: 'pdf' });
    const second = await tokenCall(harness.app, token, { kind: 'audio', size: 40 * KB, ext: 'mp3' });
    assert.deepEqual([first.code, second.code], [0, 0]);
    const third = await tokenCall(harness.app, token, { kind: 'image', size: 1, ext: 'png' });
    assert.deepEqual([third.code, third.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.TooManyOpenUploads]);

    // The first upload finishes: no longer open; its 40 kB still count.
    const put = await ossInject(harness.app, first.data, {
      method: 'PUT',
      key: first.data.key ?? '',
      payload: Buffer.alloc(40 * KB, 1),
      contentType: 'application/pdf',
    });
    assert.equal(put.statusCode, 200, put.body);
    const over = await tokenCall(harness.app, token, { kind: 'image', size: 20 * KB + 1, ext: 'png' });
    assert.deepEqual([over.code, over.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.QuotaExceeded]);
    const within = await tokenCall(harness.app, token, { kind: 'image', size: 20 * KB, ext: 'png' });
    assert.equal(within.code, 0, within.msg);
  });

  it('counts what a material keeps (its clean copy) until it is deleted and swept, then frees it', async () => {
    const token = await login(harness.app, '13800000001');
    const granted = await tokenCall(harness.app, token, { kind: 'image', size: SAMPLE.png.length, ext: 'png' });
    assert.equal(granted.code, 0, granted.msg);
    const put = await ossInject(harness.app, granted.data, { method: 'PUT', key: granted.data.key ?? '', payload: SAMPLE.png, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    const cleaned = await cleanImageCall(harness.app, token, harness.app.storage.publicUrl(granted.data.key ?? ''));
    assert.equal(cleaned.code, 0, cleaned.msg);
    const copy = cleaned.data.url;
    const kept = (await harness.app.storage.head(harness.app.storage.keyOfUrl(copy) ?? ''))?.size ?? 0;
    assert.ok(kept > 0);
    const saved = body<{ ids: number[] }>(
      await signed(harness.app, { method: 'POST', url: '/api/material/save', token, params: { files: copy, title: '占用空间', describe: '测试' } }),
    );
    assert.equal(saved.code, 0, saved.msg);

    const over = await tokenCall(harness.app, token, { kind: 'file', size: 100 * KB - kept + 1, ext: 'pdf' });
    assert.deepEqual([over.code, over.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.QuotaExceeded], 'the clean copy counts');

    const deleted = body(await signed(harness.app, { method: 'POST', url: '/api/material/delChild', token, params: { ids: String(saved.data.ids[0]) } }));
    assert.equal(deleted.code, 0, deleted.msg);
    const swept = await sweepOrphans({
      db: harness.database.db,
      storage: harness.app.storage,
      expiryMs: LIMITS.orphanExpiryMs,
      now: new Date(Date.now() + 8 * DAY),
    });
    assert.ok(
      swept.removed.some((object) => object.key === harness.app.storage.keyOfUrl(copy)),
      "the deleted material's copy is swept",
    );
    const freed = await tokenCall(harness.app, token, { kind: 'file', size: 100 * KB, ext: 'pdf' });
    assert.equal(freed.code, 0, freed.msg);
  });

  it("looks at the open uploads without holding the creator's lock: their other calls go on while the storage answers", async () => {
    const user = await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000002').executeTakeFirstOrThrow();
    const deps = { db: harness.database.db, storage: harness.app.storage, limits: { maxOpenUploads: 1, quotaBytes: 0 } };
    await grantUpload(deps, user.id, { kind: 'file', size: KB, ext: 'pdf' });
    const lockedMeanwhile: boolean[] = [];
    const slowStorage = {
      ...deps,
      storage: {
        delete: (key: string) => harness.app.storage.delete(key),
        // While the storage is asked, another call of the same creator takes their row lock.
        head: async (key: string) => {
          const lock = harness.database.db
            .transaction()
            .execute((trx) => trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst());
          const timeout = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000).unref());
          lockedMeanwhile.push((await Promise.race([lock, timeout])) !== 'blocked');
          return harness.app.storage.head(key);
        },
      },
    };
    await assert.rejects(grantUpload(slowStorage, user.id, { kind: 'file', size: KB, ext: 'pdf' }), { message: STORAGE_REFUSAL_MESSAGES.TooManyOpenUploads });
    assert.ok(lockedMeanwhile.length > 0, 'the open uploads were looked at');
    assert.ok(
      lockedMeanwhile.every((free) => free),
      'the lock was free meanwhile',
    );
  });

  it('no longer counts an upload given up (its object never came) once the abandoned window passed', async () => {
    const token = await login(harness.app, '13800000003');
    const abandoned = await tokenCall(harness.app, token, { kind: 'video', size: 90 * KB, ext: 'mp4' }, '/api/upload/vod/token');
    assert.equal(abandoned.code, 0, abandoned.msg);
    const soon = await tokenCall(harness.app, token, { kind: 'image', size: 20 * KB, ext: 'png' });
    assert.deepEqual([soon.code, soon.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.QuotaExceeded], 'still uploading, maybe: it counts');
    await harness.database.db
      .updateTable('upload_grants')
      .set({ granted_at: new Date(Date.now() - 8 * DAY) })
      .where('object_key', '=', abandoned.data.key ?? '')
      .execute();
    const later = await tokenCall(harness.app, token, { kind: 'image', size: 20 * KB, ext: 'png' });
    assert.equal(later.code, 0, later.msg);
    const renew = await tokenCall(harness.app, token, { key: abandoned.data.key ?? '' });
    assert.equal(renew.code, ApiCode.INVALID_PARAMS, 'its credentials are not renewed either');
  });
});

/** Answers AssumeRole as STS does, remembering the inline policy it was asked for. */
function startStsStandIn(): Promise<{ server: Server; url: string; policies: string[] }> {
  const policies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      policies.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('Policy') ?? '');
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(
        JSON.stringify({
          RequestId: 'R',
          Credentials: { AccessKeyId: 'STS.standin', AccessKeySecret: 'standin-secret', SecurityToken: 'standin-token', Expiration: '2099-01-01T00:00:00Z' },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, policies })),
  );
}

describe('upload grants with an OSS bucket (the embedded storage behind OssObjectStore)', () => {
  const OPERATOR = { accessKeyId: 'operator-test-key', accessKeySecret: 'operator-test-secret' };
  let app: FastifyInstance;
  let store: OssObjectStore;
  let sts: Awaited<ReturnType<typeof startStsStandIn>>;
  const data = tempDir('grants-bucket');

  // The harness's app is the embedded storage the bucket-mode app's store speaks to.
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, ossOperatorKey: OPERATOR }, cleanUp: [data.remove] });
  before(async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/oss`;
    store = new OssObjectStore({ bucket: 'creator', region: EMBEDDED_REGION, endpoint, ...OPERATOR });
    sts = await startStsStandIn();
    harness.cleanUp(() => new Promise((resolve) => sts.server.close(resolve)));
    const ossBucket: OssBucketConfig = {
      accessKeyId: 'LTAI-test-id',
      accessKeySecret: 'long-term-test-secret',
      stsRoleArn: 'acs:ram::1234567890:role/creator-upload',
      stsEndpoint: sts.url,
      bucket: 'creator',
      region: 'oss-cn-hangzhou',
      endpoint: 'oss-cn-hangzhou.aliyuncs.com',
      cname: false,
      publicBaseUrl: '',
    };
    app = await harness.buildApp({ ossBucket, storageLimits: LIMITS }, { storage: store });
  });

  it('requires the kind and size, and asks STS for a policy on the one granted key', async () => {
    const token = await login(app, '13800000001');
    const bare = await tokenCall(app, token);
    assert.deepEqual([bare.code, bare.msg], [ApiCode.INVALID_PARAMS, INTENT_REQUIRED_MESSAGE]);
    const granted = await tokenCall(app, token, { kind: 'video', size: 1000, ext: 'mp4' }, '/api/upload/vod/token');
    assert.equal(granted.code, 0, granted.msg);
    const policy = JSON.parse(sts.policies.at(-1) ?? '{}') as { Statement: Array<{ Resource: string[] }> };
    assert.deepEqual(policy.Statement[0]?.Resource, [`acs:oss:*:*:creator/${granted.data.key}`]);
  });

  it('removes and refuses, at commit, a video larger than the size its upload declared', async () => {
    const token = await login(app, '13800000002');
    const granted = await tokenCall(app, token, { kind: 'video', size: 1000, ext: 'mp4' }, '/api/upload/vod/token');
    const key = granted.data.key ?? '';
    // What a browser holding the credentials could send to the bucket: more than it declared.
    await store.put(key, Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(5000)]), 'video/mp4');
    const commit = body(await signed(app, { method: 'POST', url: '/api/upload/vod/commit', token, params: { key } }));
    assert.deepEqual([commit.code, commit.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.EntityTooLarge]);
    assert.equal(await store.head(key), null, 'removed from the bucket');
    const gone = await app.db.selectFrom('upload_grants').select('object_key').where('object_key', '=', key).execute();
    assert.deepEqual(gone, [], 'its grant no longer counts for the quota');
  });

  it('renews no credentials for a video the server took in (the bucket would let them overwrite it)', async () => {
    const token = await login(app, '13800000004');
    const video = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(500)]);
    const granted = await tokenCall(app, token, { kind: 'video', size: video.length, ext: 'mp4' }, '/api/upload/vod/token');
    const key = granted.data.key ?? '';
    const during = await tokenCall(app, token, { key }, '/api/upload/vod/token');
    assert.equal(during.code, 0, 'renewed while uploading');
    await store.put(key, video, 'video/mp4');
    const commit = body(await signed(app, { method: 'POST', url: '/api/upload/vod/commit', token, params: { key } }));
    assert.equal(commit.code, 0, commit.msg);
    const after = await tokenCall(app, token, { key }, '/api/upload/vod/token');
    assert.deepEqual([after.code, after.msg], [ApiCode.INVALID_PARAMS, GRANT_EXPIRED_MESSAGE]);
  });

  it('removes and refuses, at a save naming it, a file larger than its upload declared; saves one within it', async () => {
    const token = await login(app, '13800000006');
    const big = await tokenCall(app, token, { kind: 'file', size: 100, ext: 'pdf' });
    assert.equal(big.code, 0, big.msg);
    await store.put(big.data.key ?? '', Buffer.alloc(5000, 1), 'application/pdf');
    const link = (key: string) => `<p><a href="${store.publicUrl(key)}">附件</a></p>`;
    const refused = await add(app, token, articleFields({ content: link(big.data.key ?? ''), save_type: SaveType.DRAFT }));
    assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.EntityTooLarge]);
    assert.equal(await store.head(big.data.key ?? ''), null, 'removed from the bucket');

    const fits = await tokenCall(app, token, { kind: 'file', size: 5000, ext: 'pdf' });
    await store.put(fits.data.key ?? '', Buffer.alloc(4000, 1), 'application/pdf');
    const saved = await add(app, token, articleFields({ content: link(fits.data.key ?? ''), save_type: SaveType.DRAFT }));
    assert.equal(saved.code, 0, saved.msg);
    const grant = await app.db
      .selectFrom('upload_grants')
      .select('size')
      .where('object_key', '=', fits.data.key ?? '')
      .executeTakeFirstOrThrow();
    assert.equal(Number(grant.size), 4000, 'counted at its real size from now on');
  });

  it('removes and refuses, at cleaning, an image larger than declared; cleans one within it', async () => {
    const token = await login(app, '13800000003');
    const small = await tokenCall(app, token, { kind: 'image', size: 10, ext: 'png' });
    await store.put(small.data.key ?? '', SAMPLE.png, 'image/png');
    const refused = await cleanImageCall(app, token, store.publicUrl(small.data.key ?? ''));
    assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, STORAGE_REFUSAL_MESSAGES.EntityTooLarge]);
    assert.equal(await store.head(small.data.key ?? ''), null);

    const fits = await tokenCall(app, token, { kind: 'image', size: SAMPLE.png.length, ext: 'png' });
    await store.put(fits.data.key ?? '', SAMPLE.png, 'image/png');
    const cleaned = await cleanImageCall(app, token, store.publicUrl(fits.data.key ?? ''));
    assert.equal(cleaned.code, 0, cleaned.msg);
    assert.equal(await store.head(fits.data.key ?? ''), null, 'the raw upload is deleted');
  });
});
