import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  ApiCode,
  type ArticleAddAnswer,
  type DraftVersionAnswer,
  type DraftVersionListAnswer,
  EditorCode,
  EditorKind,
  type UseMaterialAnswer,
} from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { BANNED_POSTS, OTHER, PHONES, UNVERIFIED, VERIFIED, add, articleFields } from './test-kit';

describe('draft versions and material pre-fill', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};
  const get = async <T>(url: string, params: Record<string, number>, phone = VERIFIED) =>
    body<T>(await signed(harness.app, { url, token: tokens[phone], params }));
  const post = async <T>(url: string, params: Record<string, number>, phone = VERIFIED) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const userId = async (phone: string) => (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

  before(async () => {
    for (const phone of PHONES) tokens[phone] = await login(harness.app, phone);
  });

  it('lists versions newest first with time, size and title, reads one, and restores it as a new version', async () => {
    let saved = await add(harness.app, tokens[VERIFIED], articleFields({ content: '<p>第一版</p>' }));
    const id = saved.data.draft_id;
    for (const text of ['第二版', '第三版'])
      saved = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id, base_version: saved.data.version, content: `<p>${text}</p>` }));
    const versions = await get<DraftVersionListAnswer>('/api/draft/versions', { id });
    assert.equal(versions.data.current, 3);
    assert.deepEqual(
      versions.data.list.map((v) => [v.version, v.size, v.title]),
      [
        [3, '<p>第三版</p>'.length, '郑州的秋天来了'],
        [2, '<p>第二版</p>'.length, '郑州的秋天来了'],
        [1, '<p>第一版</p>'.length, '郑州的秋天来了'],
      ],
    );
    const first = await get<DraftVersionAnswer>('/api/draft/version', { id, version: 1 });
    assert.equal(first.data.document.content, '<p>第一版</p>');
    const stale = await post<ArticleAddAnswer>('/api/draft/restoreVersion', { id, version: 1, base_version: 2 });
    assert.equal(stale.code, EditorCode.VERSION_CONFLICT);
    const restored = await post<ArticleAddAnswer>('/api/draft/restoreVersion', { id, version: 1, base_version: 3 });
    assert.deepEqual([restored.code, restored.msg, restored.data.version], [0, '已恢复该版本', 4]);
    const shown = await get<{ nd_content: string; nd_version: number }>('/api/draft/show', { id });
    assert.deepEqual([shown.data.nd_content, shown.data.nd_version], ['<p>第一版</p>', 4]);
    assert.equal((await get('/api/draft/versions', { id }, OTHER)).code, ApiCode.FORBIDDEN);
    assert.equal((await get('/api/draft/version', { id, version: 99 })).code, ApiCode.NOT_FOUND);
    assert.equal((await post('/api/draft/restoreVersion', { id, version: 1 }, UNVERIFIED)).code, ApiCode.CERT_REQUIRED);
  });

  it('keeps the last 50 versions only', async () => {
    let saved = await add(harness.app, tokens[VERIFIED], articleFields({ content: '<p>0</p>' }));
    for (let n = 1; n < 55; n += 1)
      saved = await add(
        harness.app,
        tokens[VERIFIED],
        articleFields({ draft_id: saved.data.draft_id, base_version: saved.data.version, content: `<p>${n}</p>` }),
      );
    const versions = await get<DraftVersionListAnswer>('/api/draft/versions', { id: saved.data.draft_id });
    assert.equal(versions.data.list.length, 50);
    assert.deepEqual([versions.data.list[0]?.version, versions.data.list.at(-1)?.version], [55, 6]);
  });

  it('pre-fills from a material the user may write with, and records a 使用', async () => {
    const me = await userId(VERIFIED);
    const other = await userId(OTHER);
    const insert = async (owner: number, cmType: number, cmCheck: number) =>
      (
        await harness.database.db
          .insertInto('materials')
          .values({
            owner_id: owner,
            cm_type: cmType,
            cm_check: cmCheck,
            title: `素材${cmType}-${cmCheck}`,
            url: 'https://img.example.com/m.png',
            icon_url: 'https://img.example.com/m-icon.png',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ownImage = await insert(me, 2, 1);
    const publicVideo = await insert(other, 3, 2);
    const foreignUnapproved = await insert(other, 2, 1);
    const manuscriptMaterial = await insert(me, 1, 2);
    const used = await post<UseMaterialAnswer>('/api/editor/useMaterial', { material_id: ownImage, type: EditorKind.ARTICLE });
    assert.equal(used.code, 0, used.msg);
    assert.deepEqual(used.data, {
      cm_id: ownImage,
      cm_type: 2,
      cm_title: '素材2-1',
      cm_url: 'https://img.example.com/m.png',
      cm_icon_url: 'https://img.example.com/m-icon.png',
      insert: 'image',
    });
    const logs = await harness.database.db.selectFrom('material_logs').select(['behavior', 'user_id']).where('material_id', '=', ownImage).execute();
    assert.deepEqual(logs, [{ behavior: 2, user_id: me }]);
    assert.equal((await post<UseMaterialAnswer>('/api/editor/useMaterial', { material_id: publicVideo, type: EditorKind.VIDEO })).data.insert, 'video');
    assert.equal((await post('/api/editor/useMaterial', { material_id: publicVideo, type: EditorKind.GALLERY })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await post('/api/editor/useMaterial', { material_id: foreignUnapproved, type: EditorKind.ARTICLE })).code, ApiCode.NOT_FOUND);
    assert.equal((await post('/api/editor/useMaterial', { material_id: manuscriptMaterial, type: EditorKind.ARTICLE })).code, ApiCode.INVALID_PARAMS);
    assert.equal((await post('/api/editor/useMaterial', { material_id: ownImage, type: EditorKind.ARTICLE }, UNVERIFIED)).code, ApiCode.CERT_REQUIRED);
    assert.equal((await post('/api/editor/useMaterial', { material_id: publicVideo, type: EditorKind.POST }, BANNED_POSTS)).code, ApiCode.BANNED);
    const logCount = await harness.database.db
      .selectFrom('material_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('material_id', 'in', [foreignUnapproved, manuscriptMaterial])
      .executeTakeFirstOrThrow();
    assert.equal(Number(logCount.n), 0, 'refusals record nothing');
  });
});
