import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, EditorCode, EditorKind, SaveType, VideoState, formatChinaTime } from 'shared-sdk/contract';
import { login } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { OTHER, VERIFIED, add, articleFields, kindFields, storedState } from './test-kit';
import { VIDEO_NOT_READY } from './video-ready';

const VID = 'a'.repeat(32);
const BODY_VID = 'b'.repeat(32);

describe('publishing waits for the video service', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};
  const userIds: Record<string, number> = {};
  /** Where the job's uploaded source is stored, and the address the editor shows it at. */
  const sourceKey = (vid: string, phone = VERIFIED) => `video/20261123/u${userIds[phone]}/${vid}.mp4`;
  const sourceUrl = (vid: string, phone = VERIFIED) => `/oss/creator/${sourceKey(vid, phone)}`;
  const setState = async (vid: string, state: number, phone = VERIFIED) => {
    await harness.database.db
      .insertInto('video_jobs')
      .values({ vid, user_id: userIds[phone] ?? 0, source_key: sourceKey(vid, phone), state })
      .onConflict((c) => c.column('vid').doUpdateSet({ state }))
      .execute();
  };
  const videoPiece = (vid: string) => kindFields(EditorKind.VIDEO, { video_url: sourceUrl(vid), video_vid: vid, save_type: SaveType.PUBLISH });

  before(async () => {
    for (const phone of [VERIFIED, OTHER]) {
      tokens[phone] = await login(harness.app, phone);
      userIds[phone] = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
    }
  });

  it('refuses to publish a video piece while its video is transcoding or after it failed, and takes it once done', async () => {
    await setState(VID, VideoState.TRANSCODING);
    const early = await add(harness.app, tokens[VERIFIED], videoPiece(VID));
    assert.deepEqual([early.code, early.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING]);
    const draft = await add(harness.app, tokens[VERIFIED], { ...videoPiece(VID), save_type: SaveType.DRAFT });
    assert.equal(draft.code, 0, 'a draft may be saved meanwhile');

    await setState(VID, VideoState.FAILED);
    const failed = await add(harness.app, tokens[VERIFIED], videoPiece(VID));
    assert.deepEqual([failed.code, failed.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED]);

    await setState(VID, VideoState.DONE);
    const done = await add(harness.app, tokens[VERIFIED], videoPiece(VID));
    assert.equal(done.code, 0, done.msg);
  });

  it('looks at the videos an article body marks as transcoding, and only at the author’s own jobs', async () => {
    const content = `<p>正文</p><video class="ql-vid-${BODY_VID}" src="${sourceUrl(BODY_VID)}" controls=""></video>`;
    await setState(BODY_VID, VideoState.TRANSCODING);
    const early = await add(harness.app, tokens[VERIFIED], articleFields({ content, save_type: SaveType.PUBLISH }));
    assert.deepEqual([early.code, early.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING]);
    // Another creator naming the same id on a transcoded video of their own is not held up by a job that is not theirs.
    await setState('d'.repeat(32), VideoState.DONE, OTHER);
    const ownVideo = `<p>正文</p><video class="ql-vid-${BODY_VID}" src="${sourceUrl('d'.repeat(32), OTHER)}" controls=""></video>`;
    const other = await add(harness.app, tokens[OTHER], articleFields({ content: ownVideo, save_type: SaveType.PUBLISH }));
    assert.equal(other.code, 0, other.msg);
    await setState(BODY_VID, VideoState.DONE);
    const done = await add(harness.app, tokens[VERIFIED], articleFields({ content, save_type: SaveType.PUBLISH }));
    assert.equal(done.code, 0, done.msg);
  });

  it('a publish refused for its video changes nothing: the draft keeps its version and text, and the next save takes the same base', async () => {
    const vid = 'c'.repeat(32);
    await setState(vid, VideoState.TRANSCODING);
    const draft = await add(harness.app, tokens[VERIFIED], { ...videoPiece(vid), save_type: SaveType.DRAFT, content: '<p>第一版简介</p>' });
    assert.equal(draft.code, 0, draft.msg);
    const id = draft.data.draft_id;
    const before = await storedState(harness.database.db, id);
    assert.equal(before.version, 1);

    for (const save_type of [SaveType.PUBLISH, SaveType.SCHEDULE]) {
      const publish_time = save_type === SaveType.SCHEDULE ? formatChinaTime(Date.now() + 60 * 60_000) : '';
      const refused = await add(harness.app, tokens[VERIFIED], {
        ...videoPiece(vid),
        save_type,
        publish_time,
        draft_id: id,
        base_version: 1,
        content: '<p>改过的简介</p>',
      });
      assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING], `save_type ${save_type}`);
      assert.deepEqual(await storedState(harness.database.db, id), before, 'no new version, the old text, still a draft, no manuscript');
    }
    // A stale base is still answered 1020 first, as for any save.
    const stale = await add(harness.app, tokens[VERIFIED], { ...videoPiece(vid), draft_id: id, base_version: 7 });
    assert.equal(stale.code, EditorCode.VERSION_CONFLICT);

    const saved = await add(harness.app, tokens[VERIFIED], {
      ...videoPiece(vid),
      save_type: SaveType.DRAFT,
      draft_id: id,
      base_version: 1,
      content: '<p>改过的简介</p>',
    });
    assert.equal(saved.code, 0, saved.msg);
    assert.equal(saved.data.version, 2);
    const after = await storedState(harness.database.db, id);
    assert.deepEqual([after.version, after.body, after.history, after.manuscripts], [2, '<p>改过的简介</p>', 2, before.manuscripts]);

    await setState(vid, VideoState.DONE);
    const published = await add(harness.app, tokens[VERIFIED], { ...videoPiece(vid), draft_id: id, base_version: 2, content: '<p>改过的简介</p>' });
    assert.equal(published.code, 0, published.msg);
    assert.equal((await storedState(harness.database.db, id)).manuscripts, before.manuscripts + 1);
  });
  it('finds a transcoding video by its address when the client sends no id: the video piece, a body video, a <source>, another creator’s upload, an absolute URL', async () => {
    const vid = 'e'.repeat(32);
    await setState(vid, VideoState.TRANSCODING);
    const refused = (answer: { code: number; msg: string }, what: string) =>
      assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.TRANSCODING], what);

    refused(
      await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { video_url: sourceUrl(vid), video_vid: '', save_type: SaveType.PUBLISH })),
      'video piece without video_vid',
    );
    refused(
      await add(
        harness.app,
        tokens[VERIFIED],
        articleFields({ content: `<p>正文</p><video src="${sourceUrl(vid)}" controls=""></video>`, save_type: SaveType.PUBLISH }),
      ),
      'body video without its class',
    );
    refused(
      await add(
        harness.app,
        tokens[VERIFIED],
        articleFields({ content: `<p>正文</p><video controls=""><source src="${sourceUrl(vid)}"></video>`, save_type: SaveType.PUBLISH }),
      ),
      'a <source> of a body video',
    );
    refused(
      await add(
        harness.app,
        tokens[OTHER],
        articleFields({ content: `<p>正文</p><video src="http://elsewhere.example${sourceUrl(vid)}" controls=""></video>`, save_type: SaveType.PUBLISH }),
      ),
      'another creator showing the upload, absolute',
    );
    const scheduled = await add(harness.app, tokens[VERIFIED], {
      ...kindFields(EditorKind.VIDEO, { video_url: sourceUrl(vid), video_vid: '' }),
      save_type: SaveType.SCHEDULE,
      publish_time: formatChinaTime(Date.now() + 60 * 60_000),
    });
    refused(scheduled, 'scheduling');

    await setState(vid, VideoState.FAILED);
    const failed = await add(
      harness.app,
      tokens[VERIFIED],
      kindFields(EditorKind.VIDEO, { video_url: sourceUrl(vid), video_vid: '', save_type: SaveType.PUBLISH }),
    );
    assert.deepEqual([failed.code, failed.msg], [ApiCode.INVALID_PARAMS, VIDEO_NOT_READY.FAILED]);

    await setState(vid, VideoState.DONE);
    const done = await add(
      harness.app,
      tokens[VERIFIED],
      kindFields(EditorKind.VIDEO, { video_url: sourceUrl(vid), video_vid: '', save_type: SaveType.PUBLISH }),
    );
    assert.equal(done.code, 0, done.msg);
  });
});
