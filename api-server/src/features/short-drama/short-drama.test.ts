import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { ApiCode, DRAMA_LIMITS, type DramaDetail, type DramaEpisode, type DramaListAnswer, type DramaSeries, VideoState } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { type TestToken, SAMPLE, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { cleanedUrl } from '../../testing/clean-image';
import { runToolCommand } from '../tools/operator';
import { VIDEO_NOT_READY } from '../editor/video-ready';

const AUTHOR = '13800000001';
const NO_AUTH = '13800000002';
const OTHER_AUTHOR = '13800000007';
/** Has the authority but no real-name verification, and a content ban (range "1"), once granted below. */
const UNVERIFIED = NO_AUTH;
const CONTENT_BANNED = '13800000003';

describe('short drama', () => {
  const tokens: Record<string, string> = {};
  const storage: Record<string, TestToken> = {};
  const data = tempDir('short-drama');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });
  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const upload = async (phone: string, payload: Buffer, ext: string, kind = 'image'): Promise<string> => {
    const t = storage[phone];
    assert.ok(t);
    const key = newKey(t.keyScope, ext, kind);
    assert.equal((await ossInject(harness.app, t, { method: 'PUT', key, payload, contentType: 'application/octet-stream' })).statusCode, 200);
    return `/oss/${t.bucket}/${key}`;
  };
  /** An upload to the caller's video folder, with a job of the video service in `state` (by `jobOf`, the caller when not given), or none. */
  const video = async (phone: string, state: VideoState | null, jobOf = phone): Promise<string> => {
    const url = await upload(phone, Buffer.from('video bytes'), 'mp4', 'video');
    const owner = await harness.database.db.selectFrom('users').select('id').where('phone', '=', jobOf).executeTakeFirstOrThrow();
    const sourceKey = url.slice(`/oss/${storage[phone]?.bucket}/`.length);
    if (state !== null)
      await harness.database.db
        .insertInto('video_jobs')
        .values({ vid: randomBytes(16).toString('hex'), user_id: owner.id, source_key: sourceKey, state })
        .execute();
    return url;
  };
  const episode = (change: Record<string, string | number>) =>
    call<DramaEpisode>(AUTHOR, '/api/microDrama/episode/save', { title: '第一集', video_url: 'https://video.example.com/e1.mp4', cover_url: '', ...change });

  before(async () => {
    await runToolCommand(harness.database.db, 'grant-short-drama', { phone: OTHER_AUTHOR });
    for (const phone of [AUTHOR, NO_AUTH, OTHER_AUTHOR, CONTENT_BANNED]) tokens[phone] = await login(harness.app, phone);
    for (const phone of [AUTHOR, OTHER_AUTHOR]) storage[phone] = await fetchToken(harness.app, tokens[phone] ?? '');
  });

  it('answers isHasAuth, and refuses every other call without the authority', async () => {
    assert.deepEqual((await call(AUTHOR, '/api/microDrama/isHasAuth')).data, { check: true });
    assert.deepEqual((await call(NO_AUTH, '/api/microDrama/isHasAuth')).data, { check: false });
    for (const [url, params] of [
      ['/api/microDrama/list', {}],
      ['/api/microDrama/save', { title: '剧' }],
      ['/api/microDrama/detail', { id: 1 }],
      ['/api/microDrama/episode/list', { drama_id: 1 }],
      ['/api/microDrama/episode/detail', { id: 1 }],
      ['/api/microDrama/episode/save', { drama_id: 1, episode_no: 9, title: '集', video_url: 'https://v.example.com/a.mp4' }],
    ] as const) {
      const answer = await call(NO_AUTH, url, params);
      assert.equal(answer.code, ApiCode.FORBIDDEN, url);
      assert.equal(answer.msg, '未开通短剧权限');
    }
  });

  it('refuses to save a series or an episode without real-name verification (1005) or under a content ban (1006); reading stays open', async () => {
    for (const phone of [UNVERIFIED, CONTENT_BANNED]) await runToolCommand(harness.database.db, 'grant-short-drama', { phone });
    try {
      for (const [phone, code] of [
        [UNVERIFIED, ApiCode.CERT_REQUIRED],
        [CONTENT_BANNED, ApiCode.BANNED],
      ] as const) {
        assert.equal((await call(phone, '/api/microDrama/list')).code, ApiCode.OK, phone);
        const series = await call(phone, '/api/microDrama/save', { title: '不该建成的短剧' });
        assert.equal(series.code, code, `${phone}: ${series.msg}`);
        const episodeSaved = await call(phone, '/api/microDrama/episode/save', {
          drama_id: 1,
          episode_no: 9,
          title: '集',
          video_url: 'https://v.example.com/a.mp4',
        });
        assert.equal(episodeSaved.code, code, `${phone}: ${episodeSaved.msg}`);
      }
      const stored = await harness.database.db.selectFrom('dramas').select('id').where('title', '=', '不该建成的短剧').execute();
      assert.deepEqual(stored, []);
    } finally {
      for (const phone of [UNVERIFIED, CONTENT_BANNED]) await runToolCommand(harness.database.db, 'revoke-short-drama', { phone });
    }
  });

  it('lists my seeded series with their episode counts and statuses', async () => {
    const list = await call<DramaListAnswer>(AUTHOR, '/api/microDrama/list');
    assert.equal(list.data.total, 2);
    assert.deepEqual(
      list.data.list.map((s) => [s.title, s.episode_count, s.status]),
      [
        ['黄河人家', 3, 1],
        ['老城新事', 2, 2],
      ],
    );
    assert.equal((await call<DramaListAnswer>(OTHER_AUTHOR, '/api/microDrama/list')).data.total, 0);
  });

  it('creates a series with my uploaded cover; refuses someone else’s cover and bad titles', async () => {
    const cover = await cleanedUrl(harness.app, tokens[AUTHOR], await upload(AUTHOR, SAMPLE.png, 'png'));
    const created = await call<DramaSeries>(AUTHOR, '/api/microDrama/save', { title: '  新剧  ', cover_url: cover, intro: '简介' });
    assert.equal(created.code, 0, created.msg);
    assert.equal(created.data.title, '新剧');
    assert.equal(created.data.episode_count, 0);
    assert.equal(created.data.status, 1);
    assert.match(created.data.cover_url, /\/oss\//);
    const others = await upload(OTHER_AUTHOR, SAMPLE.png, 'png');
    assert.match((await call(AUTHOR, '/api/microDrama/save', { title: '剧', cover_url: others })).msg, /自己上传/);
    assert.match((await call(AUTHOR, '/api/microDrama/save', { title: '   ' })).msg, /短剧名称/);
    assert.equal((await call(AUTHOR, '/api/microDrama/save', { title: '剧', status: 7 })).code, ApiCode.INVALID_PARAMS);
    const finished = await call<DramaSeries>(AUTHOR, '/api/microDrama/save', {
      id: created.data.id,
      title: '新剧',
      cover_url: created.data.cover_url,
      status: 2,
    });
    assert.equal(finished.data.status, 2);
    assert.equal((await call<DramaListAnswer>(AUTHOR, '/api/microDrama/list')).data.list[0]?.title, '新剧', 'newest first');
    const emojiTitle = '🎬'.repeat(DRAMA_LIMITS.titleMax);
    const emoji = await call<DramaSeries>(AUTHOR, '/api/microDrama/save', { title: emojiTitle });
    assert.equal(emoji.code, 0, 'a title of the limit in emoji: counted by characters');
    assert.equal(emoji.data.title, emojiTitle);
    assert.equal((await call(AUTHOR, '/api/microDrama/save', { title: `${emojiTitle}🎬` })).msg, `请输入1-${DRAMA_LIMITS.titleMax}个字的短剧名称`);
  });

  it('saves episodes with a number unique per series, ordered by number', async () => {
    const series = (await call<DramaSeries>(AUTHOR, '/api/microDrama/save', { title: '排序测试' })).data;
    const transcoded = await video(AUTHOR, VideoState.DONE);
    assert.equal((await episode({ drama_id: series.id, episode_no: 2, title: '第二集', video_url: transcoded })).code, 0);
    const first = await episode({ drama_id: series.id, episode_no: 1 });
    assert.equal(first.code, 0, first.msg);
    const taken = await episode({ drama_id: series.id, episode_no: 2, title: '重复' });
    assert.equal(taken.code, ApiCode.CONFLICT);
    assert.equal(taken.msg, '该集数已存在，请更换集数');
    const moved = await episode({ id: first.data.id, drama_id: series.id, episode_no: 2 });
    assert.equal(moved.code, ApiCode.CONFLICT, 'renumbering onto a taken number');
    const renamed = await episode({ id: first.data.id, drama_id: series.id, episode_no: 3, title: '第三集' });
    assert.equal(renamed.data.episode_no, 3);
    const detail = await call<DramaDetail>(AUTHOR, '/api/microDrama/detail', { id: series.id });
    assert.deepEqual(
      detail.data.episodes.map((e) => [e.episode_no, e.title]),
      [
        [2, '第二集'],
        [3, '第三集'],
      ],
    );
    assert.equal(detail.data.episode_count, 2);
    const listed = await call<DramaEpisode[]>(AUTHOR, '/api/microDrama/episode/list', { drama_id: series.id });
    assert.deepEqual(
      listed.data.map((e) => e.episode_no),
      [2, 3],
    );
    assert.equal((await call<DramaEpisode>(AUTHOR, '/api/microDrama/episode/detail', { id: first.data.id })).data.title, '第三集');
    // Another series may use the same number.
    const other = (await call<DramaSeries>(AUTHOR, '/api/microDrama/save', { title: '另一部' })).data;
    assert.equal((await episode({ drama_id: other.id, episode_no: 2 })).code, 0);
  });

  it('validates episodes: number range, title, a video that is http(s) or my own upload', async () => {
    const series = (await call<DramaListAnswer>(AUTHOR, '/api/microDrama/list')).data.list[0];
    assert.ok(series);
    const othersVideo = await upload(OTHER_AUTHOR, Buffer.from('x'), 'mp4', 'file');
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ episode_no: 0 }, /集数/],
      [{ episode_no: 1000 }, /集数/],
      [{ title: '' }, /剧集标题/],
      [{ video_url: '' }, /请上传剧集视频/],
      [{ video_url: 'javascript:alert(1)' }, /视频地址无效/],
      [{ video_url: 'data:video/mp4;base64,AAAA' }, /视频地址无效/],
      [{ video_url: othersVideo }, /自己上传的视频/],
    ];
    for (const [change, message] of cases) {
      const answer = await episode({ drama_id: series.id, episode_no: 50, ...change });
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, JSON.stringify(change));
      assert.match(answer.msg, message);
    }
    const hostiles: Array<Record<string, string | number>> = [{ episode_no: 'Infinity' }, { episode_no: '4294967297' }, { title: '\u0000' }, { drama_id: -1 }];
    for (const hostile of hostiles) {
      assert.equal((await episode({ drama_id: series.id, episode_no: 50, ...hostile })).code, ApiCode.INVALID_PARAMS, JSON.stringify(hostile));
    }
  });

  it('takes a video of our storage only when the video service knows it: committed, transcoded, the author’s (as publishing an article)', async () => {
    const series = (await call<DramaListAnswer>(AUTHOR, '/api/microDrama/list')).data.list[0];
    assert.ok(series);
    const cases: [string, string][] = [
      [await video(AUTHOR, null), VIDEO_NOT_READY.NOT_COMMITTED],
      [await video(AUTHOR, VideoState.TRANSCODING), VIDEO_NOT_READY.TRANSCODING],
      [await video(AUTHOR, VideoState.FAILED), VIDEO_NOT_READY.FAILED],
      // In the author's folder, but the job that made it is another creator's.
      [await video(AUTHOR, VideoState.DONE, OTHER_AUTHOR), VIDEO_NOT_READY.NOT_YOURS],
      [await video(OTHER_AUTHOR, VideoState.DONE), VIDEO_NOT_READY.NOT_YOURS],
      [await upload(AUTHOR, SAMPLE.png, 'png'), '视频地址无效，请重新上传'],
    ];
    for (const [url, message] of cases) {
      const answer = await episode({ drama_id: series.id, episode_no: 60, video_url: url });
      assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, message], url);
    }
    const done = await video(AUTHOR, VideoState.DONE);
    const saved = await episode({ drama_id: series.id, episode_no: 60, video_url: done });
    assert.equal(saved.code, 0, saved.msg);
    assert.match(saved.data.video_url, /\/oss\/.*\/video\//);
  });

  it('is owner-only: another author’s series and episodes read as missing', async () => {
    const series = (await call<DramaListAnswer>(AUTHOR, '/api/microDrama/list')).data.list[0];
    assert.ok(series);
    const detail = await call<DramaDetail>(AUTHOR, '/api/microDrama/detail', { id: series.id });
    const ep = detail.data.episodes[0];
    assert.ok(ep);
    for (const [url, params] of [
      ['/api/microDrama/detail', { id: series.id }],
      ['/api/microDrama/save', { id: series.id, title: '抢' }],
      ['/api/microDrama/episode/list', { drama_id: series.id }],
      ['/api/microDrama/episode/detail', { id: ep.id }],
      ['/api/microDrama/episode/save', { drama_id: series.id, episode_no: 88, title: '抢', video_url: 'https://v.example.com/a.mp4' }],
    ] as const) {
      assert.equal((await call(OTHER_AUTHOR, url, params)).code, ApiCode.NOT_FOUND, url);
    }
    // Moving my episode into someone else's series is refused too.
    const theirs = (await call<DramaSeries>(OTHER_AUTHOR, '/api/microDrama/save', { title: '他的剧' })).data;
    assert.equal((await episode({ id: ep.id, drama_id: theirs.id, episode_no: 1 })).code, ApiCode.NOT_FOUND);
  });

  it('takes effect at once when an operator withdraws the authority', async () => {
    assert.match(await runToolCommand(harness.database.db, 'revoke-short-drama', { phone: OTHER_AUTHOR }), /off/);
    assert.deepEqual((await call(OTHER_AUTHOR, '/api/microDrama/isHasAuth')).data, { check: false });
    assert.equal((await call(OTHER_AUTHOR, '/api/microDrama/list')).code, ApiCode.FORBIDDEN);
    await assert.rejects(runToolCommand(harness.database.db, 'grant-short-drama', { phone: '13899999999' }), /No account/);
  });
});
