/**
 * The orphan sweep: uploads no record named within the expiry are removed; whatever a record names
 * (any table that stores upload addresses), and whatever is younger, stays; an object named while the
 * sweep runs (between its listing and its removal) stays; a save naming an object already removed is
 * refused with a message; the sweep runs once across servers.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { EditorKind, SaveType, emptyDocument, toArticleAddRequest } from 'shared-sdk/contract';
import { UPLOAD_REMOVED_MESSAGE } from '../../plugins/app/error-handler';
import type { ObjectStore } from '../../storage/object-store';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { restoreDraft } from '../drafts/restore';
import { add } from '../editor/test-kit';
import { runOnceAcrossServers } from './schedule';
import { sweepOrphans } from './sweep';

const DAY = 86_400_000;
const EXPIRY = 7 * DAY;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e1e0a50000000049454e44ae426082',
  'hex',
);

const hex = () => [...Array(32)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');

describe('the orphan sweep', () => {
  let storage: ObjectStore;
  let uid: number;
  let token: string;
  const data = tempDir('orphan-sweep');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  before(async () => {
    storage = harness.app.storage;
    token = await login(harness.app, '13800000001');
    uid = (await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id;
  });

  /** An uploaded object `ageDays` old (its file's time set back, as a week-old upload's is). */
  async function uploaded(ageDays: number, kind = 'image', ext = 'png', name = hex()): Promise<string> {
    const key = `${kind}/20261120/u${uid}/${name}.${ext}`;
    await storage.put(key, PNG, 'image/png');
    const when = new Date(Date.now() - ageDays * DAY);
    fs.utimesSync(path.join(data.dir, 'storage', storage.bucket, 'objects', key), when, when);
    return key;
  }
  const exists = async (key: string) => (await storage.head(key)) !== null;
  const url = (key: string) => storage.publicUrl(key);
  const sweep = (beforeClaim?: Parameters<typeof sweepOrphans>[0]['beforeClaim']) =>
    sweepOrphans({ db: harness.database.db, storage, expiryMs: EXPIRY, beforeClaim });

  async function saveDraft(fields: { content?: string; covers?: string[] }) {
    const doc = { ...emptyDocument(EditorKind.ARTICLE), title: '清理测试', content: fields.content ?? '<p>正文</p>', covers: fields.covers ?? [] };
    return add(harness.app, token, toArticleAddRequest(doc, { save_type: SaveType.DRAFT }));
  }

  it('removes old unnamed uploads, keeps young ones and everything a record names', async () => {
    const orphan = await uploaded(8);
    const young = await uploaded(6);
    const inBody = await uploaded(30);
    const asCover = await uploaded(30);
    const saved = await saveDraft({ content: `<p>图<img src="${url(inBody)}"></p>`, covers: [url(asCover)] });
    assert.equal(saved.code, 0, saved.msg);

    // Every other record that stores upload addresses, written as its feature writes it.
    const material = await uploaded(30);
    const icon = await uploaded(30);
    await harness.database.db
      .insertInto('materials')
      .values({ owner_id: uid, cm_type: 2, title: '素材', object_key: material, url: url(material), icon_url: url(icon) })
      .execute();
    const avatar = await uploaded(30);
    await harness.database.db
      .updateTable('users')
      .set({ avatar: url(avatar) })
      .where('id', '=', uid)
      .execute();
    const licence = await uploaded(30);
    await harness.database.db
      .insertInto('certifications')
      .values({
        user_id: uid,
        kind: 'gov',
        org_name: '单位',
        credit_code: 'x',
        licence_key: licence,
        contact_name: '联系人',
        contact_phone: '13800000001',
        audit_status: 2,
      })
      .execute();
    const dramaCover = await uploaded(30);
    const drama = await harness.database.db
      .insertInto('dramas')
      .values({ owner_id: uid, title: '短剧', cover_url: url(dramaCover) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const episodeVideo = await uploaded(30, 'video', 'mp4');
    await harness.database.db
      .insertInto('drama_episodes')
      .values({ drama_id: drama.id, episode_no: 1, title: '第一集', video_url: url(episodeVideo) })
      .execute();
    // A video named by its id (video_vid): its transcoded copy and poster are named after the job.
    const vid = hex();
    const transcoded = await uploaded(30, 'video', 'mp4', vid);
    const poster = await uploaded(30, 'image', 'jpg', vid);
    await harness.database.db
      .insertInto('manuscripts')
      .values({ global_id: hex(), user_id: uid, type: 2, status: 5, cover_urls: '[]', images: '[]', item_ids: '[]', platforms: '[]', video_vid: vid })
      .execute();
    // A draft of the gallery kind (images), updated rather than inserted.
    const galleryImage = await uploaded(30);
    const draftId = saved.data?.draft_id ?? 0;
    assert.ok(draftId > 0);
    await harness.database.db
      .updateTable('drafts')
      .set({ images: JSON.stringify([{ url: url(galleryImage), caption: '' }]) })
      .where('id', '=', draftId)
      .execute();

    const result = await sweep();
    assert.deepEqual(
      result.removed.map((object) => object.key),
      [orphan],
    );
    assert.equal(await exists(orphan), false);
    for (const kept of [young, inBody, asCover, material, icon, avatar, licence, dramaCover, episodeVideo, transcoded, poster, galleryImage]) {
      assert.equal(await exists(kept), true, `${kept} is kept`);
    }
    assert.equal(result.young >= 1, true);
  });

  it('sweeps clean copies (under clean/) as it sweeps uploads', async () => {
    const unused = await uploaded(8, 'clean/image', 'jpg');
    const named = await uploaded(8, 'clean/image', 'jpg');
    const saved = await saveDraft({ content: `<p><img src="${url(named)}"></p>` });
    assert.equal(saved.code, 0, saved.msg);
    const result = await sweep();
    assert.deepEqual(
      result.removed.map((object) => object.key),
      [unused],
    );
    assert.equal(await exists(named), true);
  });

  it('keeps an object a record names while the sweep runs (between its listing and its removal)', async () => {
    const raced = await uploaded(10);
    const lonely = await uploaded(10);
    let saved: Awaited<ReturnType<typeof saveDraft>> | null = null;
    const result = await sweep(async (candidates) => {
      if (!candidates.some((object) => object.key === raced)) return;
      // The sweep has listed it as unnamed; a creator saves a draft with it now.
      saved = await saveDraft({ content: `<p><img src="${url(raced)}"></p>` });
    });
    assert.equal((saved as { code: number } | null)?.code, 0);
    assert.equal(await exists(raced), true, 'named during the sweep: kept');
    assert.equal(await exists(lonely), false);
    assert.deepEqual(
      result.removed.map((object) => object.key),
      [lonely],
    );
  });

  it('lets an object go once no live row has named it for the expiry: a deleted material, an image dropped from a draft', async () => {
    const material = await uploaded(30);
    const row = await harness.database.db
      .insertInto('materials')
      .values({ owner_id: uid, cm_type: 2, title: '将删除', object_key: material, url: url(material), icon_url: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dropped = await uploaded(30);
    const saved = await saveDraft({ content: `<p><img src="${url(dropped)}"></p>` });
    assert.equal(saved.code, 0, saved.msg);
    const draftId = saved.data?.draft_id ?? 0;
    // The draft's history (draft_versions) keeps what its versions showed: here the draft itself is
    // changed in place, as a later save of the same document does.
    await harness.database.db.deleteFrom('draft_versions').where('draft_id', '=', draftId).execute();
    assert.deepEqual((await sweep()).removed, [], 'named: kept');

    await harness.database.db.updateTable('materials').set({ deleted_at: new Date() }).where('id', '=', row.id).execute();
    await harness.database.db.updateTable('drafts').set({ body: '<p>没有图了</p>' }).where('id', '=', draftId).execute();
    assert.deepEqual((await sweep()).removed, [], 'released just now: kept for the expiry');
    const later = await sweepOrphans({ db: harness.database.db, storage, expiryMs: EXPIRY, now: new Date(Date.now() + EXPIRY + DAY) });
    const removed = later.removed.map((object) => object.key);
    // (A sweep a week ahead also takes the other tests' young uploads: only these two are asserted.)
    assert.ok(removed.includes(material) && removed.includes(dropped), removed.join(' '));
    assert.equal(await exists(material), false);
    assert.equal(await exists(dropped), false);
  });

  it('keeps what a draft its creator deleted names: an operator can restore it, images and all', async () => {
    const cover = await uploaded(30);
    const inBody = await uploaded(30);
    const saved = await saveDraft({ content: `<p><img src="${url(inBody)}"></p>`, covers: [url(cover)] });
    assert.equal(saved.code, 0, saved.msg);
    const draftId = saved.data?.draft_id ?? 0;
    // A draft made by taking a scheduled manuscript back (manuscript-store.ts) has no history: only
    // the draft itself names its images.
    await harness.database.db.deleteFrom('draft_versions').where('draft_id', '=', draftId).execute();
    const deleted = body<null>(await signed(harness.app, { method: 'POST', url: '/api/draft/del', token, params: { ids: String(draftId) } }));
    assert.equal(deleted.code, 0, deleted.msg);

    const later = await sweepOrphans({ db: harness.database.db, storage, expiryMs: EXPIRY, now: new Date(Date.now() + EXPIRY + DAY) });
    const removed = later.removed.map((object) => object.key);
    assert.ok(!removed.includes(cover) && !removed.includes(inBody), removed.join(' '));
    assert.equal(await exists(cover), true);
    assert.equal(await exists(inBody), true);
    assert.equal(await restoreDraft(harness.database.db, String(draftId)), `Draft ${draftId} restored.`);
    const shown = await harness.app.inject({ method: 'GET', url: new URL(url(cover), 'http://localhost').pathname });
    assert.equal(shown.statusCode, 200, 'the restored draft shows its cover');
  });

  it('keeps a released object a record names again while the sweep runs', async () => {
    const raced = await uploaded(30);
    const row = await harness.database.db
      .insertInto('materials')
      .values({ owner_id: uid, cm_type: 2, title: '再用', object_key: raced, url: url(raced), icon_url: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await harness.database.db.updateTable('materials').set({ deleted_at: new Date() }).where('id', '=', row.id).execute();
    let saved: Awaited<ReturnType<typeof saveDraft>> | null = null;
    const result = await sweepOrphans({
      db: harness.database.db,
      storage,
      expiryMs: EXPIRY,
      now: new Date(Date.now() + EXPIRY + DAY),
      beforeClaim: async (candidates) => {
        if (!candidates.some((object) => object.key === raced)) return;
        saved = await saveDraft({ content: `<p><img src="${url(raced)}"></p>` });
      },
    });
    assert.equal((saved as { code: number } | null)?.code, 0);
    assert.equal(await exists(raced), true, 'named again during the sweep: kept');
    assert.ok(!result.removed.some((object) => object.key === raced));
  });

  it('refuses a save naming an object the sweep removed, with a message', async () => {
    const gone = await uploaded(9);
    await sweep();
    assert.equal(await exists(gone), false);
    const answer = await saveDraft({ content: `<p><img src="${url(gone)}"></p>` });
    assert.equal(answer.code, 1002);
    assert.equal(answer.msg, UPLOAD_REMOVED_MESSAGE);
    // Removed once, never again named: a second sweep finds nothing to do.
    const again = await sweep();
    assert.deepEqual(again.removed, []);
  });

  it('runs once across servers: of two taking the job at once, one runs it, and not again before it is due', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const taken = await Promise.all([
      runOnceAcrossServers(harness.database.db, 'test-job', 60_000, 60_000, job),
      runOnceAcrossServers(harness.database.db, 'test-job', 60_000, 60_000, job),
    ]);
    assert.equal(runs, 1);
    assert.deepEqual(taken.sort(), [false, true]);
    assert.equal(await runOnceAcrossServers(harness.database.db, 'test-job', 60_000, 60_000, job), false, 'not due again for a minute');
    await harness.database.db
      .updateTable('periodic_runs')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('job', '=', 'test-job')
      .execute();
    assert.equal(await runOnceAcrossServers(harness.database.db, 'test-job', 60_000, 60_000, job), true);
    assert.equal(runs, 2);
  });
});
