import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  ApiCode,
  type DraftSearchAnswer,
  EditorKind,
  type ManuscriptDetail,
  type ManuscriptListAnswer,
  ManuscriptStatus,
  SaveType,
  formatChinaTime,
  manuscriptStatusLabel,
} from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { editorClock } from './clock';
import { sql } from 'kysely';
import { deleteManuscripts } from '../drafts/manuscript-store';
import { lockEditableManuscript } from './draft-save';
import { COLLECTION_DELETED_ITEM, checkCollectionItems, publishDue, reviewManuscript } from './publish';
import { OTHER, PHONES, VERIFIED, add, articleFields, kindFields, storedState } from './test-kit';

const NOW = new Date('2026-03-02T02:00:00Z'); // 10:00 China time
const minutes = (n: number) => formatChinaTime(NOW.getTime() + n * 60_000);

describe('publish, schedule and review', () => {
  // The harness's app, until a test restarts the server.
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const showManuscript = async (id: number, phone = VERIFIED) =>
    body<ManuscriptDetail>(await signed(app, { url: '/api/manuscript/show', token: tokens[phone], params: { id } }));
  const list = async (type: number, status: number) =>
    body<ManuscriptListAnswer>(await signed(app, { url: '/api/manuscript/list', token: tokens[VERIFIED], params: { type, status, page: 1, size: 50 } }));

  before(() => {
    editorClock.now = () => NOW;
  });
  const harness = setUpTestApp({
    prepare: async () => {
      app = harness.app;
      for (const phone of PHONES) tokens[phone] = await login(app, phone);
    },
  });

  it('publishes a draft into review: it leaves the drafts and shows in the library as 审核中', async () => {
    const draft = await add(app, tokens[VERIFIED], articleFields({ title: '待发布的文章标题' }));
    const published = await add(
      app,
      tokens[VERIFIED],
      articleFields({ title: '待发布的文章标题', draft_id: draft.data.draft_id, base_version: 1, save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, 0, published.msg);
    assert.equal(published.msg, '发布成功，等待审核');
    assert.equal(published.data.status, ManuscriptStatus.IN_REVIEW);
    const id = published.data.manuscript_id ?? 0;
    assert.ok((await list(1, 5)).data.returnData.some((m) => m.nm_id === id && m.nm_title === '待发布的文章标题'));
    const drafts = body<DraftSearchAnswer>(await signed(app, { url: '/api/draft/search', token: tokens[VERIFIED], params: { title: '待发布的文章' } }));
    assert.equal(drafts.data.count, 0);
    const shown = await showManuscript(id);
    assert.equal(manuscriptStatusLabel(1, shown.data.nm_status, shown.data.nm_review_code), '审核中');
    assert.equal(shown.data.nm_editor.summary, '摘要');
  });

  it('publishes every kind, each in its own tab of the library', async () => {
    const ids: Record<number, number> = {};
    for (const type of [EditorKind.VIDEO, EditorKind.GALLERY, EditorKind.POST]) {
      const answer = await add(app, tokens[VERIFIED], kindFields(type, { save_type: SaveType.PUBLISH }));
      assert.equal(answer.code, 0, `${type}: ${answer.msg}`);
      ids[type] = answer.data.manuscript_id ?? 0;
      const tab = await list(type, -1);
      assert.ok(tab.data.returnData.some((m) => m.nm_id === answer.data.manuscript_id && m.nm_type === type));
    }
    const shown = await showManuscript(ids[EditorKind.GALLERY] ?? 0);
    assert.equal(shown.data.nm_editor.images.length, 3);
    assert.deepEqual(shown.data.nm_cover_url, ['https://img.example.com/2.png'], 'the gallery cover is its chosen image');
    const post = await showManuscript(ids[EditorKind.POST] ?? 0);
    assert.equal(post.data.nm_title, '今天 #河南# 下雪了', 'a post is listed by its first words');
  });

  it('schedules 10 minutes to 7 days ahead, and the scheduler moves due ones into review', async () => {
    const early = await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.SCHEDULE, publish_time: minutes(9) }));
    assert.deepEqual([early.code, early.msg], [ApiCode.INVALID_PARAMS, '定时发布时间需晚于当前时间10分钟']);
    const late = await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.SCHEDULE, publish_time: minutes(7 * 24 * 60 + 1) }));
    assert.equal(late.msg, '定时发布时间不能超过7天');
    const scheduled = await add(app, tokens[VERIFIED], articleFields({ title: '定时发布的文章', save_type: SaveType.SCHEDULE, publish_time: minutes(60) }));
    assert.equal(scheduled.code, 0, scheduled.msg);
    assert.deepEqual([scheduled.data.status, scheduled.data.publish_time], [ManuscriptStatus.SCHEDULED, minutes(60)]);
    const id = scheduled.data.manuscript_id ?? 0;
    assert.equal((await showManuscript(id)).data.nm_scheduled_time, minutes(60));
    assert.equal(await publishDue(harness.database.db, new Date(NOW.getTime() + 59 * 60_000)), 0, 'not yet due');
    assert.equal((await showManuscript(id)).data.nm_status, ManuscriptStatus.SCHEDULED);
    assert.ok((await publishDue(harness.database.db, new Date(NOW.getTime() + 60 * 60_000))) >= 1);
    assert.equal((await showManuscript(id)).data.nm_status, ManuscriptStatus.IN_REVIEW);
  });

  it('catches up on start: a server that was down publishes what fell due meanwhile', async () => {
    const scheduled = await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.SCHEDULE, publish_time: minutes(30) }));
    const id = scheduled.data.manuscript_id ?? 0;
    await app.close();
    editorClock.now = () => new Date(NOW.getTime() + 31 * 60_000);
    app = await harness.buildApp();
    tokens[VERIFIED] = await login(app, VERIFIED);
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== ManuscriptStatus.IN_REVIEW; attempt += 1) {
      status = (await harness.database.db.selectFrom('manuscripts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
      if (status !== ManuscriptStatus.IN_REVIEW) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(status, ManuscriptStatus.IN_REVIEW);
    editorClock.now = () => NOW;
  });

  it('lets an operator approve, reject with a reason the creator reads, and take offline', async () => {
    const one = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    const two = (await add(app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, one, 'approve', '', NOW);
    const approved = await showManuscript(one);
    assert.equal(approved.data.nm_status, ManuscriptStatus.PUBLISHED);
    assert.equal(manuscriptStatusLabel(1, approved.data.nm_status, approved.data.nm_review_code), '已发布');
    await assert.rejects(reviewManuscript(harness.database.db, two, 'reject', '  ', NOW), /未通过原因/);
    await reviewManuscript(harness.database.db, two, 'reject', '视频画面模糊，请重新上传', NOW);
    const rejected = await showManuscript(two);
    assert.deepEqual([rejected.data.nm_status, rejected.data.nm_reject_reason], [ManuscriptStatus.REJECTED, '视频画面模糊，请重新上传']);
    assert.equal(manuscriptStatusLabel(2, rejected.data.nm_status, rejected.data.nm_review_code), '未通过');
    await assert.rejects(reviewManuscript(harness.database.db, two, 'offline', '', NOW), /只有已发布的稿件可以下线/);
    await reviewManuscript(harness.database.db, one, 'offline', '', NOW);
    assert.equal((await showManuscript(one)).data.nm_status, ManuscriptStatus.OFFLINE);
  });

  it('collects only my own published works, in order, and shows them with the collection', async () => {
    const works: number[] = [];
    for (let n = 0; n < 2; n += 1) {
      const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
      await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
      works.push(id);
    }
    const inReview = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    const foreign = (await add(app, tokens[OTHER], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    const collection = (ids: number[], save_type: SaveType = SaveType.PUBLISH) =>
      add(app, tokens[VERIFIED], kindFields(EditorKind.COLLECTION, { item_ids: ids.join(','), save_type }));
    assert.equal((await collection([works[0] ?? 0, foreign])).msg, '合集只能收录自己的作品');
    assert.equal((await collection([works[0] ?? 0, inReview])).msg, '合集只能收录已发布的作品');
    assert.equal((await collection([works[0] ?? 0, inReview], SaveType.DRAFT)).code, 0, 'a draft may hold a work still in review');
    const ordered = [works[1] ?? 0, works[0] ?? 0];
    const published = await collection(ordered);
    assert.equal(published.code, 0, published.msg);
    const shown = await showManuscript(published.data.manuscript_id ?? 0);
    assert.deepEqual(shown.data.nm_editor.item_ids, ordered);
    assert.deepEqual(
      shown.data.nm_editor.items.map((item) => [item.nm_id, item.available]),
      ordered.map((id) => [id, true]),
    );
    assert.ok((await list(EditorKind.COLLECTION, -1)).data.returnData.some((m) => m.nm_id === published.data.manuscript_id));
  });

  it('edits a published manuscript through a draft: publishing updates it and sends it back to review', async () => {
    const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    const whileInReview = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id }));
    assert.deepEqual([whileInReview.code, whileInReview.msg], [ApiCode.CONFLICT, '审核中的稿件不能修改']);
    await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
    assert.equal((await add(app, tokens[OTHER], articleFields({ manuscript_id: id }))).code, ApiCode.FORBIDDEN);
    const draft = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id, title: '修改后的文章标题' }));
    assert.equal(draft.code, 0, draft.msg);
    const republished = await add(
      app,
      tokens[VERIFIED],
      articleFields({ draft_id: draft.data.draft_id, base_version: 1, title: '修改后的文章标题', save_type: SaveType.PUBLISH }),
    );
    assert.equal(republished.data.manuscript_id, id);
    const shown = await showManuscript(id);
    assert.deepEqual([shown.data.nm_title, shown.data.nm_status], ['修改后的文章标题', ManuscriptStatus.IN_REVIEW]);
  });

  it('a refused publish changes nothing on the server, and the draft then saves on the same base', async () => {
    const approved = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, approved, 'approve', '', NOW);
    const inReview = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    const fields = (patch: Parameters<typeof kindFields>[1]) => kindFields(EditorKind.COLLECTION, { item_ids: `${approved},${inReview}`, ...patch });
    const draft = await add(app, tokens[VERIFIED], fields({ title: '合集的第一版标题' }));
    assert.equal(draft.code, 0, draft.msg);
    const id = draft.data.draft_id;
    const before = await storedState(harness.database.db, id);
    for (const [save_type, publish_time] of [
      [SaveType.PUBLISH, ''],
      [SaveType.SCHEDULE, minutes(60)],
    ] as const) {
      const refused = await add(app, tokens[VERIFIED], fields({ draft_id: id, base_version: 1, title: '合集改过的标题', save_type, publish_time }));
      assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, '合集只能收录已发布的作品'], `save_type ${save_type}`);
      assert.deepEqual(await storedState(harness.database.db, id), before, 'the stored version, text and history are as they were, and no manuscript was made');
    }
    const saved = await add(app, tokens[VERIFIED], fields({ draft_id: id, base_version: 1, title: '合集改过的标题' }));
    assert.deepEqual([saved.code, saved.data.version], [0, 2], saved.msg);
    const after = await storedState(harness.database.db, id);
    assert.deepEqual([after.version, after.title, after.listed, after.manuscripts], [2, '合集改过的标题', true, before.manuscripts]);
  });

  it('refuses to publish a draft whose manuscript went back into review meanwhile, keeping the draft as it was', async () => {
    const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
    const tabA = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id, title: '甲页修改的标题' }));
    const tabB = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id, title: '乙页修改的标题' }));
    const sentBack = await add(
      app,
      tokens[VERIFIED],
      articleFields({ draft_id: tabB.data.draft_id, base_version: 1, title: '乙页修改的标题', save_type: SaveType.PUBLISH }),
    );
    assert.equal(sentBack.code, 0, sentBack.msg);
    const before = await storedState(harness.database.db, tabA.data.draft_id);
    const refused = await add(
      app,
      tokens[VERIFIED],
      articleFields({ draft_id: tabA.data.draft_id, base_version: 1, title: '甲页再改的标题', save_type: SaveType.PUBLISH }),
    );
    assert.deepEqual([refused.code, refused.msg], [ApiCode.CONFLICT, '审核中的稿件不能修改']);
    assert.deepEqual(await storedState(harness.database.db, tabA.data.draft_id), before);
    assert.equal((await showManuscript(id)).data.nm_title, '乙页修改的标题', 'the manuscript in review is untouched');
    const saved = await add(app, tokens[VERIFIED], articleFields({ draft_id: tabA.data.draft_id, base_version: 1, title: '甲页再改的标题' }));
    assert.deepEqual([saved.code, saved.data.version], [0, 2], saved.msg);
  });

  it('keeps saving a collection draft after one of its works was deleted, shows it unavailable, and refuses only its publish', async () => {
    const works: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
      await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
      works.push(id);
    }
    const fields = (patch: Parameters<typeof kindFields>[1]) => kindFields(EditorKind.COLLECTION, { item_ids: works.join(','), ...patch });
    const draft = await add(app, tokens[VERIFIED], fields({ title: '合集里有一件会被删掉' }));
    assert.equal(draft.code, 0, draft.msg);
    const deleted = body(await signed(app, { method: 'POST', url: '/api/manuscript/del', token: tokens[VERIFIED], params: { ids: String(works[2]) } }));
    assert.equal(deleted.code, 0, deleted.msg);

    const saved = await add(app, tokens[VERIFIED], fields({ draft_id: draft.data.draft_id, base_version: 1, title: '合集改了标题' }));
    assert.deepEqual([saved.code, saved.data.version], [0, 2], saved.msg);
    const shown = body<{ nd_editor: { items: { nm_id: number; available: boolean }[] } }>(
      await signed(app, { url: '/api/draft/show', token: tokens[VERIFIED], params: { id: draft.data.draft_id } }),
    );
    assert.deepEqual(
      shown.data.nd_editor.items.map((item) => [item.nm_id, item.available]),
      works.map((work, n) => [work, n < 2]),
    );
    const publish = await add(
      app,
      tokens[VERIFIED],
      fields({ draft_id: draft.data.draft_id, base_version: 2, title: '合集改了标题', save_type: SaveType.PUBLISH }),
    );
    assert.deepEqual([publish.code, publish.msg], [ApiCode.INVALID_PARAMS, '合集只能收录已发布的作品']);
    const removed = await add(
      app,
      tokens[VERIFIED],
      fields({ draft_id: draft.data.draft_id, base_version: 2, title: '合集改了标题', item_ids: works.slice(0, 2).join(','), save_type: SaveType.PUBLISH }),
    );
    assert.equal(removed.code, 0, removed.msg);
  });

  it('refuses a save that newly adds a deleted work, but keeps the works the stored draft or the edited collection already listed', async () => {
    const works: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
      await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
      works.push(id);
    }
    const [kept = 0, added = 0, live = 0] = works;
    const fields = (ids: number[], patch: Parameters<typeof kindFields>[1] = {}) => kindFields(EditorKind.COLLECTION, { item_ids: ids.join(','), ...patch });
    const draft = await add(app, tokens[VERIFIED], fields([kept, live]));
    assert.equal(draft.code, 0, draft.msg);
    const collection = await add(app, tokens[VERIFIED], fields([kept, live], { save_type: SaveType.PUBLISH }));
    assert.equal(collection.code, 0, collection.msg);
    const collectionId = collection.data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, collectionId, 'approve', '', NOW);
    for (const id of [kept, added])
      assert.equal(body(await signed(app, { method: 'POST', url: '/api/manuscript/del', token: tokens[VERIFIED], params: { ids: String(id) } })).code, 0);

    const fresh = await add(app, tokens[VERIFIED], fields([added, live]));
    assert.deepEqual([fresh.code, fresh.msg], [ApiCode.INVALID_PARAMS, COLLECTION_DELETED_ITEM], 'a new draft cannot list a deleted work');
    const before = await storedState(harness.database.db, draft.data.draft_id);
    const adding = await add(app, tokens[VERIFIED], fields([kept, live, added], { draft_id: draft.data.draft_id, base_version: 1 }));
    assert.deepEqual([adding.code, adding.msg], [ApiCode.INVALID_PARAMS, COLLECTION_DELETED_ITEM], 'nor can a save add one to a draft');
    assert.deepEqual(await storedState(harness.database.db, draft.data.draft_id), before);
    const keeping = await add(app, tokens[VERIFIED], fields([live, kept], { draft_id: draft.data.draft_id, base_version: 1, title: '合集换了顺序' }));
    assert.deepEqual([keeping.code, keeping.data.version], [0, 2], keeping.msg);
    const editing = await add(app, tokens[VERIFIED], fields([kept, live], { manuscript_id: collectionId, title: '改合集时有作品已删除' }));
    assert.equal(editing.code, 0, `a new draft of the collection keeps the works it listed: ${editing.msg}`);
    const editingAdds = await add(app, tokens[VERIFIED], fields([kept, live, added], { manuscript_id: collectionId }));
    assert.deepEqual([editingAdds.code, editingAdds.msg], [ApiCode.INVALID_PARAMS, COLLECTION_DELETED_ITEM]);
  });

  it('on PostgreSQL, publishing holds the listed works against a delete until it commits, and deleting a collection with its work does not deadlock with it', async (t) => {
    if (!harness.database.url) return t.skip('row locks need a second connection (PostgreSQL)');
    const works: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
      await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
      works.push(id);
    }
    const [held = 0, work = 0, other = 0] = works;
    const published = await add(app, tokens[VERIFIED], kindFields(EditorKind.COLLECTION, { item_ids: `${work},${other}`, save_type: SaveType.PUBLISH }));
    assert.equal(published.code, 0, published.msg);
    const collectionId = published.data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, collectionId, 'approve', '', NOW);
    const { user_id: userId } = await harness.database.db.selectFrom('manuscripts').select('user_id').where('id', '=', held).executeTakeFirstOrThrow();

    const publishing = await harness.database.db.startTransaction().execute();
    try {
      await checkCollectionItems(publishing, userId, [held], [], true);
      const locking = harness.database.db.transaction().execute(async (tx) => {
        await sql`set local lock_timeout = '200ms'`.execute(tx);
        await tx.selectFrom('manuscripts').select('id').where('id', '=', held).forUpdate().execute();
      });
      await assert.rejects(locking, /lock timeout/, 'a delete of a listed work waits for the publish');
    } finally {
      await publishing.rollback().execute();
    }

    // A publish locks the collection (FOR UPDATE), then its works; a delete of both must lock them in that order.
    const editing = await harness.database.db.startTransaction().execute();
    await lockEditableManuscript(editing, userId, collectionId, EditorKind.COLLECTION);
    const deleting = deleteManuscripts(harness.database.db, userId, [work, collectionId]);
    deleting.catch(() => {});
    try {
      for (let n = 0; n < 100; n += 1) {
        const waiting = await sql<{
          n: string;
        }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(harness.database.db);
        if (Number(waiting.rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await checkCollectionItems(editing, userId, [work, other], [work, other], true);
      await editing.commit().execute();
    } catch (error) {
      await editing.rollback().execute();
      throw error;
    }
    await deleting;
    const left = await harness.database.db
      .selectFrom('manuscripts')
      .select('id')
      .where('id', 'in', [work, collectionId])
      .where('deleted_at', 'is', null)
      .execute();
    assert.deepEqual(left, [], 'the delete went through once the publish committed');
  });

  it('on PostgreSQL, the scheduler skips a due manuscript someone holds, waiting for no one, and moves it at the next poll', async (t) => {
    if (!harness.database.url) return t.skip('row locks need a second connection (PostgreSQL)');
    const ids: number[] = [];
    for (const title of ['第一篇定时稿', '第二篇定时稿']) {
      const scheduled = await add(app, tokens[VERIFIED], articleFields({ title, save_type: SaveType.SCHEDULE, publish_time: minutes(60) }));
      assert.equal(scheduled.code, 0, scheduled.msg);
      ids.push(scheduled.data.manuscript_id ?? 0);
    }
    const [free = 0, held = 0] = ids;
    const statusOf = async (id: number) =>
      (await harness.database.db.selectFrom('manuscripts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const due = new Date(NOW.getTime() + 60 * 60_000);

    // A collection's publish holds the works it lists (FOR SHARE) until it commits.
    const holding = await harness.database.db.startTransaction().execute();
    try {
      await holding.selectFrom('manuscripts').select('id').where('id', '=', held).forShare().execute();
      await harness.database.db.transaction().execute(async (tx) => {
        await sql`set local lock_timeout = '500ms'`.execute(tx);
        await publishDue(tx, due);
      });
      assert.deepEqual([await statusOf(free), await statusOf(held)], [ManuscriptStatus.IN_REVIEW, ManuscriptStatus.SCHEDULED]);
    } finally {
      await holding.rollback().execute();
    }
    await publishDue(harness.database.db, due);
    assert.equal(await statusOf(held), ManuscriptStatus.IN_REVIEW);
  });

  it('turns a draft editing a manuscript that gets deleted into a draft of its own: publishing it makes a new manuscript', async () => {
    const id = (await add(app, tokens[VERIFIED], articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    await reviewManuscript(harness.database.db, id, 'approve', '', NOW);
    const draft = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id, title: '改稿时原稿被删了' }));
    assert.equal(draft.code, 0, draft.msg);
    assert.equal(body(await signed(app, { method: 'POST', url: '/api/manuscript/del', token: tokens[VERIFIED], params: { ids: String(id) } })).code, 0);
    const published = await add(
      app,
      tokens[VERIFIED],
      articleFields({ draft_id: draft.data.draft_id, base_version: 1, title: '改稿时原稿被删了', save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, 0, published.msg);
    assert.notEqual(published.data.manuscript_id, id);
    assert.equal((await showManuscript(published.data.manuscript_id ?? 0)).data.nm_title, '改稿时原稿被删了');
  });

  it('does the same for a draft editing a scheduled manuscript that is withdrawn to the drafts', async () => {
    const scheduled = await add(app, tokens[VERIFIED], articleFields({ title: '定时发布后又撤回', save_type: SaveType.SCHEDULE, publish_time: minutes(60) }));
    assert.equal(scheduled.code, 0, scheduled.msg);
    const id = scheduled.data.manuscript_id ?? 0;
    const draft = await add(app, tokens[VERIFIED], articleFields({ manuscript_id: id, title: '改定时稿时它被撤回了' }));
    assert.equal(draft.code, 0, draft.msg);
    const withdrawn = body(await signed(app, { method: 'POST', url: '/api/manuscript/withdraw', token: tokens[VERIFIED], params: { id, to: 'draft' } }));
    assert.equal(withdrawn.code, 0, withdrawn.msg);
    const published = await add(
      app,
      tokens[VERIFIED],
      articleFields({ draft_id: draft.data.draft_id, base_version: 1, title: '改定时稿时它被撤回了', save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, 0, published.msg);
    assert.notEqual(published.data.manuscript_id, id);
  });

  it('stores no video on a kind without one and no works on a kind that is not a collection', async () => {
    const hostile = { video_url: 'javascript:alert(1)', video_poster: 'javascript:alert(2)', video_vid: 'f'.repeat(32), item_ids: '5,5,5' };
    for (const type of [EditorKind.ARTICLE, EditorKind.GALLERY, EditorKind.POST]) {
      const saved = await add(app, tokens[VERIFIED], kindFields(type, { ...hostile, save_type: SaveType.PUBLISH }));
      assert.equal(saved.code, 0, `${type}: ${saved.msg}`);
      const shown = await showManuscript(saved.data.manuscript_id ?? 0);
      assert.deepEqual([shown.data.nm_editor.video, shown.data.nm_editor.item_ids], [{ url: '', poster: '', vid: '' }, []], `type ${type}`);
    }
    const video = await add(app, tokens[VERIFIED], kindFields(EditorKind.VIDEO, { video_url: 'javascript:alert(1)' }));
    assert.deepEqual([video.code, video.msg], [ApiCode.INVALID_PARAMS, '视频地址不正确'], 'the video piece still checks its own');
  });
});
