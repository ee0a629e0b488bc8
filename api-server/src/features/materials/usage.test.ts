import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { EditorKind, type MaterialDetail, SaveType, formatChinaTime } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { editorClock } from '../editor/clock';
import { reviewManuscript } from '../editor/publish';
import { OTHER, VERIFIED, add, articleFields, kindFields } from '../editor/test-kit';

const NOW = new Date('2026-03-02T02:00:00Z');

describe('material usage recorded by publishing', () => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const userId = async (phone: string) => (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  const usages = async (materialId: number, phone = VERIFIED) => {
    const answer = body<MaterialDetail>(
      await signed(harness.app, { method: 'POST', url: '/api/material/showChild', token: tokens[phone], params: { id: materialId } }),
    );
    assert.equal(answer.code, 0, answer.msg);
    return answer.data.manuscript.map((row) => [row.nm_title, row.nm_type, row.phone]);
  };

  before(async () => {
    editorClock.now = () => NOW;
  });
  const harness = setUpTestApp();
  before(async () => {
    for (const phone of [VERIFIED, OTHER]) tokens[phone] = await login(harness.app, phone);
    const me = await userId(VERIFIED);
    const other = await userId(OTHER);
    const insert = async (name: string, owner: number, cmType: number, cmCheck: number, url: string, deleted = false) => {
      const row = await harness.database.db
        .insertInto('materials')
        .values({ owner_id: owner, cm_type: cmType, cm_check: cmCheck, title: name, url, icon_url: url, deleted_at: deleted ? new Date() : null })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    };
    await insert('ownImage', me, 2, 1, '/oss/creator/image/20260301/u1/own.png');
    await insert('publicImage', other, 2, 2, 'https://img.example.com/public.png');
    await insert('foreignUnapproved', other, 2, 1, 'https://img.example.com/foreign.png');
    await insert('ownDeleted', me, 2, 2, 'https://img.example.com/deleted.png', true);
    await insert('publicVideo', other, 3, 2, 'https://media.example.com/public.mp4');
  });

  it('records the body images, covers and video that are mine or approved, once each, with the current title', async () => {
    const content =
      '<p>正文</p><p><img src="http://127.0.0.1:8080/oss/creator/image/20260301/u1/own.png"></p>' +
      '<p><img src="https://img.example.com/foreign.png"><img src="https://img.example.com/deleted.png"></p>' +
      '<p><img src="/oss/creator/image/20260301/u1/own.png"></p><video src="https://media.example.com/public.mp4" controls></video>';
    const published = await add(
      harness.app,
      tokens[VERIFIED],
      articleFields({ title: '用了素材的文章', content, covers: JSON.stringify(['https://img.example.com/public.png']), save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, 0, published.msg);
    const manuscriptId = published.data.manuscript_id ?? 0;
    assert.deepEqual(await usages(ids.ownImage ?? 0), [['用了素材的文章', EditorKind.ARTICLE, '138****0001']]);
    assert.deepEqual(await usages(ids.publicImage ?? 0, OTHER), [['用了素材的文章', EditorKind.ARTICLE, '138****0001']]);
    assert.deepEqual(await usages(ids.publicVideo ?? 0), [['用了素材的文章', EditorKind.ARTICLE, '138****0001']]);
    assert.deepEqual(await usages(ids.foreignUnapproved ?? 0, OTHER), [], 'someone else’s unapproved material is not recorded');
    const recorded = await harness.database.db.selectFrom('material_usages').select('material_id').where('manuscript_id', '=', manuscriptId).execute();
    assert.equal(recorded.length, 3, 'the deleted material and the foreign unapproved one are left out');

    // Published, then edited and published again: one row per material, the new title, and the
    // cover the manuscript no longer shows is no longer listed.
    await reviewManuscript(harness.database.db, manuscriptId, 'approve', '', NOW);
    const again = await add(
      harness.app,
      tokens[VERIFIED],
      articleFields({ title: '改过标题的文章', content, covers: JSON.stringify([]), cover_mode: 0, manuscript_id: manuscriptId, save_type: SaveType.PUBLISH }),
    );
    assert.equal(again.code, 0, again.msg);
    assert.equal(again.data.manuscript_id, manuscriptId);
    assert.deepEqual(await usages(ids.ownImage ?? 0), [['改过标题的文章', EditorKind.ARTICLE, '138****0001']]);
    assert.deepEqual(await usages(ids.publicImage ?? 0, OTHER), []);
    assert.deepEqual(await usages(ids.publicVideo ?? 0), [['改过标题的文章', EditorKind.ARTICLE, '138****0001']]);
  });

  it('records a scheduled video when it becomes a manuscript, and forgets it when withdrawn to the drafts', async () => {
    const video = kindFields(EditorKind.VIDEO, {
      title: '定时发布的视频',
      video_url: 'https://media.example.com/public.mp4',
      save_type: SaveType.SCHEDULE,
      publish_time: formatChinaTime(NOW.getTime() + 60 * 60_000),
    });
    const scheduled = await add(harness.app, tokens[VERIFIED], video);
    assert.equal(scheduled.code, 0, scheduled.msg);
    const rows = await usages(ids.publicVideo ?? 0);
    assert.deepEqual(rows[0], ['定时发布的视频', EditorKind.VIDEO, '138****0001']);
    const withdrawn = body(
      await signed(harness.app, {
        method: 'POST',
        url: '/api/manuscript/withdraw',
        token: tokens[VERIFIED],
        params: { id: scheduled.data.manuscript_id ?? 0, to: 'draft' },
      }),
    );
    assert.equal(withdrawn.code, 0, withdrawn.msg);
    assert.ok(!(await usages(ids.publicVideo ?? 0)).some(([title]) => title === '定时发布的视频'));
  });
});
