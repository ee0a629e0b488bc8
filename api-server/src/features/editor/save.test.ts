import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type DraftDetail, type DraftSearchAnswer, EditorCode, EditorKind, SaveType, type VersionConflictData } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { BANNED_CONTENT, BANNED_POSTS, OTHER, PHONES, UNVERIFIED, VERIFIED, add, articleFields, kindFields } from './test-kit';

describe('POST /api/article/add: drafts, versions and guards', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};
  const show = async (phone: string, id: number) =>
    body<DraftDetail>(await signed(harness.app, { url: '/api/draft/show', token: tokens[phone], params: { id } }));

  before(async () => {
    for (const phone of PHONES) tokens[phone] = await login(harness.app, phone);
  });

  it('saves a new draft at version 1 and shows it back with every field, its HTML allow-listed', async () => {
    const saved = await add(
      harness.app,
      tokens[VERIFIED],
      articleFields({ content: '<p onclick="x()">正文</p><script>alert(1)</script><h2>小标题</h2>', original: 1, cover_mode: 1 }),
    );
    assert.equal(saved.code, 0, saved.msg);
    assert.equal(saved.msg, '保存成功');
    assert.equal(saved.data.version, 1);
    assert.match(saved.data.update_time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.deepEqual([saved.data.manuscript_id, saved.data.status, saved.data.publish_time], [null, null, null]);
    const shown = await show(VERIFIED, saved.data.draft_id);
    assert.equal(shown.data.nd_content, '<p>正文</p><p>小标题</p>');
    assert.equal(shown.data.nd_title, '郑州的秋天来了');
    assert.equal(shown.data.nd_version, 1);
    assert.deepEqual(shown.data.nd_cover_url, ['https://img.example.com/cover.png']);
    assert.equal(shown.data.nd_editor.summary, '摘要');
    assert.equal(shown.data.nd_editor.original, true);
    const list = body<DraftSearchAnswer>(
      await signed(harness.app, { url: '/api/draft/search', token: tokens[VERIFIED], params: { type: 1, title: '郑州的秋天' } }),
    );
    assert.ok(list.data.returnData.some((draft) => draft.nd_id === saved.data.draft_id));
  });

  it('refuses a save based on a stale version with 1020 and the current version, and keeps the newer text', async () => {
    const first = await add(harness.app, tokens[VERIFIED], articleFields());
    const id = first.data.draft_id;
    const tabA = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id, base_version: 1, content: '<p>A 标签页</p>' }));
    assert.equal(tabA.data.version, 2);
    const tabB = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id, base_version: 1, content: '<p>B 标签页</p>' }));
    assert.equal(tabB.code, EditorCode.VERSION_CONFLICT);
    assert.equal(tabB.msg, '草稿已在其他页面更新，请选择保留哪个版本');
    const conflict = tabB.data as unknown as VersionConflictData;
    assert.deepEqual([conflict.draft_id, conflict.version], [id, 2]);
    assert.equal((await show(VERIFIED, id)).data.nd_content, '<p>A 标签页</p>');
    // B reloads the other version and saves on top of it.
    const retried = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id, base_version: 2, content: '<p>B 标签页</p>' }));
    assert.equal(retried.data.version, 3);
    const missingBase = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id }));
    assert.equal(missingBase.code, ApiCode.INVALID_PARAMS);
  });

  it('answers the same version for a save that changes nothing', async () => {
    const first = await add(harness.app, tokens[VERIFIED], articleFields());
    const again = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: first.data.draft_id, base_version: 1 }));
    assert.equal(again.code, 0);
    assert.equal(again.data.version, 1);
  });

  it("refuses someone else's draft (1003), a missing one (1004) and another kind's draft", async () => {
    const mine = await add(harness.app, tokens[VERIFIED], articleFields());
    const foreign = await add(harness.app, tokens[OTHER], articleFields({ draft_id: mine.data.draft_id, base_version: 1 }));
    assert.equal(foreign.code, ApiCode.FORBIDDEN);
    assert.equal((await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: 99_999, base_version: 1 }))).code, ApiCode.NOT_FOUND);
    const asVideo = await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { draft_id: mine.data.draft_id, base_version: 1 }));
    assert.equal(asVideo.code, ApiCode.INVALID_PARAMS);
  });

  it('refuses unverified users (1005) and bans by range: "1" content, "3" posts (1006)', async () => {
    const unverified = await add(harness.app, tokens[UNVERIFIED], articleFields());
    assert.deepEqual([unverified.code, unverified.msg], [ApiCode.CERT_REQUIRED, '请完成实名认证']);
    for (const type of [EditorKind.ARTICLE, EditorKind.VIDEO, EditorKind.GALLERY, EditorKind.COLLECTION]) {
      assert.equal((await add(harness.app, tokens[BANNED_CONTENT], kindFields(type))).code, ApiCode.BANNED, `kind ${type}`);
      assert.equal((await add(harness.app, tokens[BANNED_POSTS], kindFields(type))).code, 0, `kind ${type}`);
    }
    const post = await add(harness.app, tokens[BANNED_POSTS], kindFields(EditorKind.POST));
    assert.equal(post.code, ApiCode.BANNED);
    assert.match(post.msg, /动态中含有违规广告/);
    assert.equal((await add(harness.app, tokens[BANNED_CONTENT], kindFields(EditorKind.POST))).code, 0);
  });

  it('checks limits with the words the editor shows, publishing adding the minimums', async () => {
    const refusal = async (fields: Parameters<typeof articleFields>[0], msg: string) => {
      const answer = await add(harness.app, tokens[VERIFIED], articleFields(fields));
      assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, msg]);
    };
    await refusal({ title: '字'.repeat(65) }, '标题最多64个字');
    await refusal({ title: '四个字啊', save_type: SaveType.PUBLISH }, '标题需要5到64个字');
    assert.equal((await add(harness.app, tokens[VERIFIED], articleFields({ title: '四个字啊' }))).code, 0, 'a draft may be unfinished');
    await refusal({ summary: '摘'.repeat(129) }, '摘要最多128个字');
    await refusal({ cover_mode: 3, save_type: SaveType.PUBLISH }, '请选择3张封面');
    await refusal({ covers: '["javascript:alert(1)"]' }, '封面地址不正确');
    const gallery = await add(
      harness.app,
      tokens[VERIFIED],
      kindFields(EditorKind.GALLERY, { save_type: SaveType.PUBLISH, images: JSON.stringify([{ url: 'https://a.example.com/1.png', caption: '' }]) }),
    );
    assert.equal(gallery.msg, '图集至少需要3张图片');
    const longPost = await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.POST, { content: `<p>${'字'.repeat(2001)}</p>` }));
    assert.equal(longPost.msg, '动态内容最多2000个字');
    const manyImages = Array.from({ length: 10 }, (_, n) => ({ url: `https://a.example.com/${n}.png`, caption: '' }));
    assert.equal((await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.POST, { images: JSON.stringify(manyImages) }))).msg, '动态最多9张图片');
    const noVideo = await add(harness.app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { save_type: SaveType.PUBLISH, video_url: '' }));
    assert.equal(noVideo.msg, '请上传视频');
  });

  it('answers hostile input with 1002 or cleans it, never a 5xx', async () => {
    const hostile: Record<string, string | number>[] = [
      { ...articleFields(), covers: '{not json' },
      { ...articleFields(), images: '[{"url": 1}]' },
      { ...articleFields(), cover_index: 'Infinity' },
      { ...articleFields(), cover_index: '1e400' },
      { ...articleFields(), draft_id: 'Infinity', base_version: 'NaN' },
      { ...articleFields(), draft_id: 2 ** 40, base_version: 1 },
      { ...articleFields(), base_version: -1, draft_id: 1 },
      { ...articleFields(), type: 9 },
      { ...articleFields(), save_type: 0 },
      { ...articleFields(), item_ids: '1,x' },
      { ...articleFields(), publish_time: '9999-99-99 99:99:99', save_type: SaveType.SCHEDULE },
    ];
    for (const fields of hostile) {
      const response = await signed(harness.app, { method: 'POST', url: '/api/article/add', token: tokens[VERIFIED], params: fields });
      assert.equal(response.statusCode, 200);
      assert.equal(body(response).code, ApiCode.INVALID_PARAMS, JSON.stringify(fields).slice(0, 120));
    }
    const nul = await add(harness.app, tokens[VERIFIED], articleFields({ title: '含\u0000空字符的标题', content: '<p>a\u0000b</p>', summary: '\u0000' }));
    // Either refused up front (the server's parameter check) or cleaned by the editor's own parsing.
    assert.ok(nul.code === ApiCode.INVALID_PARAMS || nul.code === 0, nul.msg);
    if (nul.code === 0) {
      const shown = await show(VERIFIED, nul.data.draft_id);
      assert.equal(shown.data.nd_title, '含空字符的标题');
      assert.equal(shown.data.nd_content, '<p>ab</p>');
    }
  });

  it('takes a 50,000-character article with formats in one save', async () => {
    const paragraph = `<p><strong>加粗</strong><span style="color: rgb(230, 0, 0);">红色文字</span>${'长文内容'.repeat(110)}</p>`;
    const content = paragraph.repeat(110);
    const saved = await add(harness.app, tokens[VERIFIED], articleFields({ content }));
    assert.equal(saved.code, 0, saved.msg);
    assert.equal((await show(VERIFIED, saved.data.draft_id)).data.nd_content, content);
  });
});
