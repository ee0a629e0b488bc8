/**
 * Decisions as creators then see them: a rejected material's reason in its operation records (the
 * operator named) and as a notice; an appeal's outcome and a certification decision as notices; the
 * audit row exactly when the change happens. Also the queues and the newspaper import over HTTP.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode, type MaterialDetail, type NoticeListAnswer, type QueueSummary } from 'shared-sdk/contract';
import { setUpTestApp } from '../../testing/test-app';
import { body, login, signed } from '../../testing/signed';
import { type TestOperator, addTestOperator, operatorCall, signInOperator } from '../../testing/operators';
import { blankPdf } from '../newspaper/testing';

let moderator: TestOperator;
let token: string;

const harness = setUpTestApp({
  prepare: async () => {
    moderator = await addTestOperator(harness.database.db, 'moderator', 'mod.li');
    token = await signInOperator(harness.app, harness.database.db, moderator);
  },
});

const userId = async (phone: string) => (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

async function newMaterial(phone: string, title: string): Promise<number> {
  const row = await harness.database.db
    .insertInto('materials')
    .values({
      owner_id: await userId(phone),
      cm_type: 2,
      title,
      url: `https://example.com/${title}.png`,
      icon_url: `https://example.com/${title}.png`,
      cm_check: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const auditRows = (action: string, targetId: string | number) =>
  harness.database.db.selectFrom('operator_audit').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).execute();

async function notices(phone: string): Promise<string[]> {
  const creator = await login(harness.app, phone);
  const answer = body<NoticeListAnswer>(await signed(harness.app, { url: '/api/notice/list', token: creator, params: { type: '0', page: 1, size: 50 } }));
  assert.equal(answer.code, ApiCode.OK, answer.msg);
  return JSON.stringify(answer.data).match(/"(title|content|body)":"[^"]*"/g) ?? [];
}

describe('operator decisions', () => {
  it('lists waiting materials oldest first with their URLs, and counts them with the oldest age', async () => {
    const id = await newMaterial('13800000001', 'queued-one');
    const queue = await operatorCall<{ list: Array<{ id: number; url: string; media: string; creator: { phone: string } }>; total: number }>(harness.app, {
      url: '/api/operator/queues/materials',
      token,
    });
    assert.equal(queue.body.code, ApiCode.OK, queue.body.msg);
    const item = queue.body.data.list.find((entry) => entry.id === id);
    assert.ok(item, 'the new material waits');
    assert.equal(item.url, 'https://example.com/queued-one.png');
    assert.equal(item.media, 'image');
    const summary = await operatorCall<QueueSummary[]>(harness.app, { url: '/api/operator/queues', token });
    const materials = summary.body.data.find((entry) => entry.queue === 'materials')!;
    assert.equal(materials.count, queue.body.data.total);
    assert.ok(materials.oldest_age_seconds !== null && materials.oldest_age_seconds >= 0);
  });

  it('rejects a material with a reason the creator reads in its records (operator named) and in notices; approves several at once', async () => {
    const rejected = await newMaterial('13800000001', 'to-reject');
    const approved = [await newMaterial('13800000001', 'to-approve-1'), await newMaterial('13800000001', 'to-approve-2')];

    const noReason = await operatorCall(harness.app, { url: '/api/operator/materials/decide', token, payload: { ids: String(rejected), decision: 'reject' } });
    assert.equal(noReason.body.code, ApiCode.INVALID_PARAMS);
    assert.equal((await auditRows('material.reject', rejected)).length, 0);

    const reject = await operatorCall<Array<{ id: number; ok: boolean }>>(harness.app, {
      url: '/api/operator/materials/decide',
      token,
      payload: { ids: String(rejected), decision: 'reject', reason: '图片含有水印' },
    });
    assert.deepEqual(reject.body.data, [{ id: rejected, ok: true, message: '审核失败' }]);

    const creator = await login(harness.app, '13800000001');
    const detail = body<MaterialDetail>(
      await signed(harness.app, { method: 'POST', url: '/api/material/showChild', token: creator, params: { id: rejected } }),
    );
    assert.equal(detail.code, ApiCode.OK, detail.msg);
    assert.equal(detail.data.cm_check, 3);
    const step = detail.data.logs.find((log) => log.cml_behavior === 12);
    assert.deepEqual(step && { phone: step.phone, note: step.cml_note }, { phone: '运营：mod.li', note: '图片含有水印' });
    assert.ok((await notices('13800000001')).some((text) => text.includes('图片含有水印')));
    const [row] = await auditRows('material.reject', rejected);
    assert.deepEqual(row && { before: row.before, after: row.after, by: row.operator_name }, {
      before: { cm_check: 1, audit_reason: '' },
      after: { cm_check: 3, audit_reason: '图片含有水印' },
      by: 'mod.li',
    });

    const batch = await operatorCall<Array<{ id: number; ok: boolean }>>(harness.app, {
      url: '/api/operator/materials/decide',
      token,
      payload: { ids: [...approved, 2_000_000_000].join(','), decision: 'approve' },
    });
    assert.deepEqual(
      batch.body.data.map((r) => [r.id, r.ok]),
      [
        [approved[0], true],
        [approved[1], true],
        [2_000_000_000, false],
      ],
    );
    for (const id of approved) assert.equal((await auditRows('material.approve', id)).length, 1);
    // The unknown material: no change, so no row.
    assert.equal((await auditRows('material.approve', 2_000_000_000)).length, 0);
  });

  it('decides an appeal: the ban is lifted, the creator is told with the reply', async () => {
    const banned = await userId('13800000003');
    const ban = await harness.database.db.selectFrom('bans').select('id').where('user_id', '=', banned).where('active', '=', true).executeTakeFirstOrThrow();
    const appeal = await harness.database.db
      .insertInto('ban_appeals')
      .values({ ban_id: ban.id, user_id: banned, text: '我没有违规，请复核' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await operatorCall<{ list: Array<{ id: number; text: string; ban: { id: number } }> }>(harness.app, { url: '/api/operator/appeals', token });
    const listed = list.body.data.list.find((entry) => entry.id === appeal.id);
    assert.equal(listed?.text, '我没有违规，请复核');
    assert.equal(listed?.ban.id, ban.id);

    const decided = await operatorCall<{ status: string; decided_by: string; reply: string }>(harness.app, {
      url: '/api/operator/appeals/decide',
      token,
      payload: { id: appeal.id, decision: 'lift', reply: '经复核，封禁解除' },
    });
    assert.equal(decided.body.code, ApiCode.OK, decided.body.msg);
    assert.deepEqual([decided.body.data.status, decided.body.data.decided_by, decided.body.data.reply], ['lifted', 'mod.li', '经复核，封禁解除']);
    const after = await harness.database.db.selectFrom('bans').select(['active', 'lifted_by']).where('id', '=', ban.id).executeTakeFirstOrThrow();
    assert.deepEqual(after, { active: false, lifted_by: moderator.id });
    assert.ok((await notices('13800000003')).some((text) => text.includes('经复核，封禁解除')));
    assert.equal((await auditRows('appeal.lift', appeal.id)).length, 1);
    // Decided once: a second decision is refused and leaves no row.
    const again = await operatorCall(harness.app, { url: '/api/operator/appeals/decide', token, payload: { id: appeal.id, decision: 'keep', reply: '维持' } });
    assert.equal(again.body.code, ApiCode.CONFLICT);
    assert.equal((await auditRows('appeal.keep', appeal.id)).length, 0);
  });

  it('decides a certification application: the creator is told', async () => {
    const applicant = await userId('13800000003');
    const queue = await operatorCall<{ list: Array<{ creator: { id: number }; licence_url: string; kind: string }> }>(harness.app, {
      url: '/api/operator/queues/certifications',
      token,
      query: { kind: 'enterprise' },
    });
    const item = queue.body.data.list.find((entry) => entry.creator.id === applicant);
    assert.ok(item, 'the demo application waits');
    assert.ok(item.licence_url);
    const decided = await operatorCall<{ audit_status: number }>(harness.app, {
      url: '/api/operator/certifications/decide',
      token,
      payload: { user_id: applicant, kind: 'enterprise', decision: 'reject', reason: '执照照片不清晰' },
    });
    assert.equal(decided.body.code, ApiCode.OK, decided.body.msg);
    assert.equal(decided.body.data.audit_status, 4);
    assert.ok((await notices('13800000003')).some((text) => text.includes('执照照片不清晰')));
    assert.equal((await auditRows('certification.reject', applicant)).length, 1);
  });

  it('bans with an end, then unbans, each audited with the values before and after', async () => {
    const id = await userId('13800000002');
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const banned = await operatorCall<{ bans: Array<{ active: boolean; ends_at: string; created_by: string }> }>(harness.app, {
      url: '/api/operator/users/ban',
      token,
      payload: { id, ban_type: 1, range: '3', reason: '发布违规动态', ends_at: ends },
    });
    assert.equal(banned.body.code, ApiCode.OK, banned.body.msg);
    assert.deepEqual(
      { active: banned.body.data.bans[0]!.active, ends_at: banned.body.data.bans[0]!.ends_at, by: banned.body.data.bans[0]!.created_by },
      { active: true, ends_at: ends, by: 'mod.li' },
    );
    const [banRow] = await auditRows('user.ban', id);
    assert.deepEqual((banRow?.after as { ban: { range: string } }).ban.range, '3');
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/users/unban', token, payload: { id } })).body.code, ApiCode.OK);
    assert.equal((await operatorCall(harness.app, { url: '/api/operator/users/unban', token, payload: { id } })).body.code, ApiCode.CONFLICT);
    assert.equal((await auditRows('user.unban', id)).length, 1);
  });

  it('imports a newspaper issue from a streamed PDF, audited, and lists it', async () => {
    const pdf = Buffer.from(await blankPdf(2, 'OPS'));
    const imported = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/newspaper/import?type=3&date=2026-11-20',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    assert.equal(imported.json().code, ApiCode.OK, imported.body);
    assert.deepEqual({ ...imported.json().data, imported_at: undefined }, { type: 3, paper: '大河报', date: '2026-11-20', pages: 2, imported_at: undefined });
    assert.equal((await auditRows('newspaper.import', '3/2026-11-20')).length, 1);
    const list = await operatorCall<{ list: Array<{ date: string; type: number }> }>(harness.app, {
      url: '/api/operator/newspaper/imports',
      token,
      query: { type: '3' },
    });
    assert.ok(list.body.data.list.some((entry) => entry.date === '2026-11-20'));

    const notPdf = await harness.app.inject({
      method: 'POST',
      url: '/api/operator/newspaper/import?type=3&date=2026-11-21',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      payload: Buffer.from('not a pdf at all'),
    });
    assert.equal(notPdf.json().code, ApiCode.INVALID_PARAMS, notPdf.body);
    assert.equal((await auditRows('newspaper.import', '3/2026-11-21')).length, 0);
  });
});
