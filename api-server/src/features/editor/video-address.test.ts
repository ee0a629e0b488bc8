import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { ApiCode, EditorKind, SaveType, VideoState, type VideoUploadResult, formatChinaTime } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { MATERIAL_MESSAGES } from '../materials/material-input';
import { SAMPLE, type TestToken, ossInject } from '../oss/oss-test-client';
import { ffmpegPath } from '../video/ffmpeg';
import { processNextJob } from '../video/worker';
import { MEDIA_ADDRESS_INVALID } from './publish';
import { OTHER, VERIFIED, add, articleFields, kindFields } from './test-kit';
import { VIDEO_NOT_READY } from './video-ready';

/** One second of test pattern in Matroska, made by the ffmpeg the project ships. */
function makeVideo(): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1', '-c:v', 'mpeg4', '-f', 'matroska', 'pipe:1'];
  return new Promise((resolve, reject) =>
    execFile(ffmpegPath(), args, { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
}

type Answer = { code: number; msg: string };
const refused = (answer: Answer, msg: string, what: string) => assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, msg], what);

describe('one meaning per storage address; only videos the server knows are published', () => {
  let video: Buffer;
  const data = tempDir('video-address');
  const tokens: Record<string, string> = {};
  const uids: Record<string, number> = {};
  const vodTokens: Record<string, TestToken> = {};

  /** PUT with the video credentials, as the browser uploads; answers the key. */
  const upload = async (phone = VERIFIED): Promise<string> => {
    const key = `video/20261126/u${uids[phone]}/${randomBytes(16).toString('hex')}.mkv`;
    const put = await ossInject(harness.app, vodTokens[phone] as TestToken, { method: 'PUT', key, payload: video, contentType: 'video/x-matroska' });
    assert.equal(put.statusCode, 200, put.body);
    return key;
  };
  const commit = async (key: string, phone = VERIFIED) => {
    const answer = body<VideoUploadResult>(await signed(harness.app, { method: 'POST', url: '/api/upload/vod/commit', token: tokens[phone], params: { key } }));
    assert.equal(answer.code, ApiCode.OK, answer.msg);
    return answer.data;
  };
  const inHour = () => formatChinaTime(Date.now() + 60 * 60_000);
  /** Publishing and scheduling, as a video piece and as an article body showing the address. */
  const everyWay = (url: string, tag = 'video') =>
    [
      { what: `video_url ${url}`, fields: kindFields(EditorKind.VIDEO, { video_url: url, video_vid: '' }) },
      { what: `<${tag} src> ${url}`, fields: articleFields({ content: `<p>正文</p><${tag} src="${url}" controls=""></${tag}>` }) },
    ].flatMap(({ what, fields }) => [
      { what: `publish, ${what}`, fields: { ...fields, save_type: SaveType.PUBLISH } },
      { what: `schedule, ${what}`, fields: { ...fields, save_type: SaveType.SCHEDULE, publish_time: inHour() } },
    ]);
  /** The spellings a reader could decode into the key: double-encoded dot and slashes, single-encoded too. */
  const misspellings = (key: string) => {
    const [kind, date, scope, name] = key.split('/');
    const [hash, ext] = (name ?? '').split('.');
    return [
      `/oss/creator/${kind}/${date}/${scope}/${hash}%252E${ext}`,
      `/oss/creator/${kind}%252F${date}%252F${scope}%252F${name}`,
      `/oss/creator/${kind}/${date}/${scope}/${hash}%2E${ext}`,
      `/oss/creator/${kind}%2F${date}/${scope}/${name}`,
      `http://elsewhere.example/oss/creator/${kind}/${date}/${scope}/${hash}%252E${ext}`,
    ];
  };

  before(async () => {
    video = await makeVideo();
  });
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });
  before(async () => {
    for (const phone of [VERIFIED, OTHER]) {
      tokens[phone] = await login(harness.app, phone);
      uids[phone] = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
      const vod = body<TestToken>(await signed(harness.app, { url: '/api/upload/vod/token', token: tokens[phone] }));
      assert.equal(vod.code, ApiCode.OK, vod.msg);
      vodTokens[phone] = vod.data;
    }
  });

  it('serves an object at its one spelling only: encoded and double-encoded spellings are 404, never the source', async () => {
    const key = await upload();
    const served = await harness.app.inject({ method: 'GET', url: `/oss/creator/${key}` });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, video);
    for (const url of misspellings(key).filter((spelled) => spelled.startsWith('/'))) {
      const answer = await harness.app.inject({ method: 'GET', url });
      assert.equal(answer.statusCode, 404, url);
      assert.notDeepEqual(answer.rawPayload, video, url);
    }
  });

  it('refuses to publish or schedule a transcoding video through an encoded or double-encoded address', async () => {
    const key = await upload();
    assert.equal((await commit(key)).state, VideoState.TRANSCODING);
    for (const url of misspellings(key)) {
      for (const { what, fields } of everyWay(url)) refused(await add(harness.app, tokens[VERIFIED], fields), MEDIA_ADDRESS_INVALID, what);
    }
    // The address as the store spells it is refused for what it is: still transcoding.
    for (const { what, fields } of everyWay(`/oss/creator/${key}`))
      refused(await add(harness.app, tokens[VERIFIED], fields), VIDEO_NOT_READY.TRANSCODING, what);
    const draft = await add(harness.app, tokens[VERIFIED], { ...everyWay(misspellings(key)[0] ?? '')[0]?.fields, save_type: SaveType.DRAFT });
    assert.equal(draft.code, ApiCode.OK, 'a draft may still be saved');
  });

  it('refuses a video uploaded but never committed, wherever the document shows it; a draft may still be saved', async () => {
    const key = await upload();
    for (const tag of ['video', 'audio']) {
      for (const { what, fields } of everyWay(`/oss/creator/${key}`, tag))
        refused(await add(harness.app, tokens[VERIFIED], fields), VIDEO_NOT_READY.NOT_COMMITTED, what);
    }
    const source = articleFields({ content: `<p>正文</p><video controls=""><source src="/oss/creator/${key}"></video>`, save_type: SaveType.PUBLISH });
    refused(await add(harness.app, tokens[VERIFIED], source), VIDEO_NOT_READY.NOT_COMMITTED, '<source src>');
    const poster = kindFields(EditorKind.VIDEO, {
      video_url: 'https://media.example.com/v.mp4',
      video_poster: `/oss/creator/${key}`,
      save_type: SaveType.PUBLISH,
    });
    refused(await add(harness.app, tokens[VERIFIED], poster), VIDEO_NOT_READY.NOT_COMMITTED, 'poster');
    const draft = await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { video_url: `/oss/creator/${key}`, save_type: SaveType.DRAFT }));
    assert.equal(draft.code, ApiCode.OK, draft.msg);
  });

  it('refuses an <audio> whose source is a video still transcoding', async () => {
    const key = await upload();
    await commit(key);
    for (const { what, fields } of everyWay(`/oss/creator/${key}`, 'audio').filter(({ what }) => what.includes('<audio'))) {
      refused(await add(harness.app, tokens[VERIFIED], fields), VIDEO_NOT_READY.TRANSCODING, what);
    }
  });

  it('publishes the transcoded copy the editor swaps in (and the source of a done job), and only its author', async () => {
    const key = await upload();
    await commit(key);
    while (await processNextJob({ db: harness.app.db, storage: harness.app.storage })) {
      // every waiting job of this file is transcoded here, with the real ffmpeg
    }
    const job = await harness.database.db.selectFrom('video_jobs').selectAll().where('source_key', '=', key).executeTakeFirstOrThrow();
    assert.equal(job.state, VideoState.DONE, job.error);
    const output = harness.app.storage.publicUrl(job.output_key);
    const poster = harness.app.storage.publicUrl(job.poster_key);
    const piece = kindFields(EditorKind.VIDEO, { video_url: output, video_poster: poster, video_vid: job.vid, save_type: SaveType.PUBLISH });
    assert.equal((await add(harness.app, tokens[VERIFIED], piece)).code, ApiCode.OK);
    const body = articleFields({
      content: `<p>正文</p><video src="${output}" poster="${poster}" controls=""></video><video src="/oss/creator/${key}" controls=""></video>`,
      save_type: SaveType.PUBLISH,
    });
    assert.equal((await add(harness.app, tokens[VERIFIED], body)).code, ApiCode.OK);
    // Someone else's video, transcoded or not, is not theirs to publish.
    for (const url of [output, `/oss/creator/${key}`]) {
      refused(
        await add(harness.app, tokens[OTHER], kindFields(EditorKind.VIDEO, { video_url: url, video_vid: '', save_type: SaveType.PUBLISH })),
        VIDEO_NOT_READY.NOT_YOURS,
        url,
      );
    }
  });

  it('publishes a video material the author may use (approved public, or their own), never one under review of someone else', async () => {
    const material = async (cmCheck: number) => {
      const key = `video/20261126/u${uids[OTHER]}/${randomBytes(16).toString('hex')}.webm`;
      await harness.app.storage.put(key, video, 'video/webm');
      const values = {
        owner_id: uids[OTHER] ?? 0,
        cm_type: 3,
        cm_check: cmCheck,
        title: '素材视频',
        url: harness.app.storage.publicUrl(key),
        icon_url: '',
        object_key: key,
      };
      await harness.database.db.insertInto('materials').values(values).execute();
      return kindFields(EditorKind.VIDEO, { video_url: values.url, video_vid: '', save_type: SaveType.PUBLISH });
    };
    const approved = await add(harness.app, tokens[VERIFIED], await material(2));
    assert.equal(approved.code, ApiCode.OK, approved.msg);
    refused(await add(harness.app, tokens[VERIFIED], await material(1)), VIDEO_NOT_READY.NOT_COMMITTED, 'unreviewed material of someone else');
  });

  it('records material usage by the key an address names in its one spelling, and refuses any other spelling', async () => {
    const key = `image/20261126/u${uids[VERIFIED]}/${randomBytes(16).toString('hex')}.png`;
    await harness.app.storage.put(key, SAMPLE.png, 'image/png');
    // Written here as the server writes a clean copy (SAMPLE.png is one: cleaning leaves it as it is).
    await harness.database.db
      .insertInto('clean_images')
      .values({ object_key: key, owner_id: uids[VERIFIED] ?? 0, source: 'test' })
      .execute();
    // Stored under an address of an earlier configuration: found by its key all the same.
    const material = await harness.database.db
      .insertInto('materials')
      .values({
        owner_id: uids[VERIFIED] ?? 0,
        cm_type: 2,
        cm_check: 1,
        title: '旧地址的素材',
        url: `https://cdn.example.com/media/${key}`,
        icon_url: '',
        object_key: key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usages = async (manuscriptId: number) =>
      (await harness.database.db.selectFrom('material_usages').select('material_id').where('manuscript_id', '=', manuscriptId).execute()).map(
        (row) => row.material_id,
      );

    for (const url of misspellings(key)) {
      const answer = await add(harness.app, tokens[VERIFIED], articleFields({ content: `<p>正文</p><p><img src="${url}"></p>`, save_type: SaveType.PUBLISH }));
      refused(answer, MEDIA_ADDRESS_INVALID, url);
    }
    // Nor is any other spelling taken as the file of a new material.
    const save = async (files: string) =>
      body<{ ids: number[] }>(
        await signed(harness.app, {
          method: 'POST',
          url: '/api/material/save',
          token: tokens[VERIFIED],
          params: { files, title: '一个素材', describe: '描述' },
        }),
      );
    for (const url of misspellings(key)) refused(await save(url), MATERIAL_MESSAGES.BAD_FILE_URL, `material ${url}`);
    const saved = await save(`/oss/creator/${key}`);
    assert.equal(saved.code, ApiCode.OK, saved.msg);
    const published = await add(
      harness.app,
      tokens[VERIFIED],
      articleFields({ content: `<p>正文</p><p><img src="http://elsewhere.example/oss/creator/${key}"></p>`, save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, ApiCode.OK, published.msg);
    assert.deepEqual(
      (await usages(published.data.manuscript_id ?? 0)).sort((a, b) => a - b),
      [material.id, ...saved.data.ids],
    );
  });
});
