import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ApiCode, EditorCode, EditorKind, SaveType, VideoState, formatChinaTime } from 'shared-sdk/contract';
import { login } from '../../testing/signed';
import { buildTestApp } from '../../testing/test-app';
import { type TestDatabase, openTestDatabase } from '../../testing/test-database';
import { OTHER, VERIFIED, add, articleFields, kindFields, storedState } from './test-kit';
import { VIDEO_NOT_READY } from './video-ready';

const VID = 'a'.repeat(32);
const BODY_VID = 'b'.repeat(32);

describe('publishing waits for the video service', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const setState = async (vid: string, state: number, phone = VERIFIED) => {
    const user = await database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    await database.db
      .insertInto('video_jobs')
      .values({ vid, user_id: user.id, source_key: `video/20261123/u${user.id}/${vid}.mp4`, state })
      .onConflict((c) => c.column('vid').doUpdateSet({ state }))
      .execute();
  };
  const videoPiece = (vid: string) => kindFields(EditorKind.VIDEO, { video_url: `/oss/creator/video/20261123/u1/${vid}.mp4`, video_vid: vid, save_type: SaveType.PUBLISH });

  before(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
    for (const phone of [VERIFIED, OTHER]) tokens[phone] = await login(app, phone);
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('refuses to publish a video piece while its video is transcoding or after it failed, and takes it once done', async () => {
    await setState(VID, VideoState.TRANSCODING);
    const early = await add(app, tokens[VERIFIED], videoPiece(VID));
    assert.deepEqual([early.code, early.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING]);
    const draft = await add(app, tokens[VERIFIED], { ...videoPiece(VID), save_type: SaveType.DRAFT });
    assert.equal(draft.code, 0, 'a draft may be saved meanwhile');

    await setState(VID, VideoState.FAILED);
    const failed = await add(app, tokens[VERIFIED], videoPiece(VID));
    assert.deepEqual([failed.code, failed.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED]);

    await setState(VID, VideoState.DONE);
    const done = await add(app, tokens[VERIFIED], videoPiece(VID));
    assert.equal(done.code, 0, done.msg);
  });

  it('looks at the videos an article body marks as transcoding, and only at the author’s own jobs', async () => {
    const content = `<p>正文</p><video class="ql-vid-${BODY_VID}" src="/oss/creator/video/20261123/u1/${BODY_VID}.mp4" controls=""></video>`;
    await setState(BODY_VID, VideoState.TRANSCODING);
    const early = await add(app, tokens[VERIFIED], articleFields({ content, save_type: SaveType.PUBLISH }));
    assert.deepEqual([early.code, early.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING]);
    // Another creator naming the same id is not held up by a job that is not theirs.
    const other = await add(app, tokens[OTHER], articleFields({ content, save_type: SaveType.PUBLISH }));
    assert.equal(other.code, 0, other.msg);
    await setState(BODY_VID, VideoState.DONE);
    const done = await add(app, tokens[VERIFIED], articleFields({ content, save_type: SaveType.PUBLISH }));
    assert.equal(done.code, 0, done.msg);
  });

  it('a publish refused for its video changes nothing: the draft keeps its version and text, and the next save takes the same base', async () => {
    const vid = 'c'.repeat(32);
    await setState(vid, VideoState.TRANSCODING);
    const draft = await add(app, tokens[VERIFIED], { ...videoPiece(vid), save_type: SaveType.DRAFT, content: '<p>第一版简介</p>' });
    assert.equal(draft.code, 0, draft.msg);
    const id = draft.data.draft_id;
    const before = await storedState(database.db, id);
    assert.equal(before.version, 1);

    for (const save_type of [SaveType.PUBLISH, SaveType.SCHEDULE]) {
      const publish_time = save_type === SaveType.SCHEDULE ? formatChinaTime(Date.now() + 60 * 60_000) : '';
      const refused = await add(app, tokens[VERIFIED], { ...videoPiece(vid), save_type, publish_time, draft_id: id, base_version: 1, content: '<p>改过的简介</p>' });
      assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING], `save_type ${save_type}`);
      assert.deepEqual(await storedState(database.db, id), before, 'no new version, the old text, still a draft, no manuscript');
    }
    // A stale base is still answered 1020 first, as for any save.
    const stale = await add(app, tokens[VERIFIED], { ...videoPiece(vid), draft_id: id, base_version: 7 });
    assert.equal(stale.code, EditorCode.VERSION_CONFLICT);

    const saved = await add(app, tokens[VERIFIED], { ...videoPiece(vid), save_type: SaveType.DRAFT, draft_id: id, base_version: 1, content: '<p>改过的简介</p>' });
    assert.equal(saved.code, 0, saved.msg);
    assert.equal(saved.data.version, 2);
    const after = await storedState(database.db, id);
    assert.deepEqual([after.version, after.body, after.history, after.manuscripts], [2, '<p>改过的简介</p>', 2, before.manuscripts]);

    await setState(vid, VideoState.DONE);
    const published = await add(app, tokens[VERIFIED], { ...videoPiece(vid), draft_id: id, base_version: 2, content: '<p>改过的简介</p>' });
    assert.equal(published.code, 0, published.msg);
    assert.equal((await storedState(database.db, id)).manuscripts, before.manuscripts + 1);
  });
});
