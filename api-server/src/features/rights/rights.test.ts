import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { RightsAnswer } from 'shared-sdk/contract';
import { ban } from '../../cli/commands';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { addDays } from '../score/calendar';
import { event, makeCreator, noonOf, publish } from '../score/testing';
import { RightReviewRefusal, listRightApplications, reviewRightApplication } from './review';

const TODAY = '2031-01-15';
const GOOD = '13700000021';
const NEWBIE = '13700000022';
const UNVERIFIED = '13700000023';

describe('rights centre', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};

  const view = async (phone: string) => body<RightsAnswer>(await signed(harness.app, { url: '/api/rights/index', token: tokens[phone] }));
  const apply = async (phone: string, code: string) =>
    body<RightsAnswer>(await signed(harness.app, { method: 'POST', url: '/api/rights/apply', token: tokens[phone], params: { code } }));
  const stateOf = (answer: RightsAnswer, code: string) => answer.rights.find((r) => r.code === code);
  const pendingId = async (code: string) =>
    (
      await harness.database.db
        .selectFrom('right_applications')
        .select('id')
        .where('right_code', '=', code)
        .where('status', '=', 'pending')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;

  before(async () => {
    harness.app.scoreClock.now = () => noonOf(TODAY);
    // GOOD: 10 works on 10 days and an audience: score 83 (Lv4). NEWBIE: one work (Lv1).
    const good = await makeCreator(harness.database.db, GOOD);
    for (let i = 0; i < 10; i += 1) await publish(harness.database.db, good, addDays(TODAY, -i));
    await event(harness.database.db, good, TODAY, 'share', 500);
    const newbie = await makeCreator(harness.database.db, NEWBIE);
    await publish(harness.database.db, newbie, TODAY);
    await makeCreator(harness.database.db, UNVERIFIED, false);
    for (const phone of [GOOD, NEWBIE, UNVERIFIED]) tokens[phone] = await login(harness.app, phone);
  });

  it('shows my level, what the next one misses and every right with its state', async () => {
    const good = (await view(GOOD)).data;
    assert.equal(good.user_score, 83);
    assert.equal(good.level, 4);
    assert.deepEqual(good.next_missing, ['创作分达到 90（当前 83）']);
    assert.deepEqual(
      good.rights.map((r) => [r.code, r.state]),
      [
        ['original', 'available'],
        ['appreciation', 'available'],
        ['revenue', 'available'],
        ['live', 'available'],
        ['column', 'locked'],
      ],
    );
    assert.deepEqual(stateOf(good, 'column')?.missing, ['等级达到 Lv5 金牌作者（当前 Lv4）']);

    const newbie = (await view(NEWBIE)).data;
    assert.equal(newbie.level, 1);
    assert.ok(newbie.rights.every((r) => r.state === 'locked'));
    const unverified = (await view(UNVERIFIED)).data;
    assert.deepEqual(unverified.next_missing, ['创作分达到 60（当前 27）', '完成实名认证']);
  });

  it('an application goes to review; the operator approves or rejects it with a reason; a refused right may be applied for again', async () => {
    const applied = await apply(GOOD, 'original');
    assert.equal(applied.code, 0);
    assert.equal(applied.msg, '申请已提交，请等待审核');
    assert.equal(stateOf(applied.data, 'original')?.state, 'pending');
    const again = await apply(GOOD, 'original');
    assert.deepEqual([again.code, again.msg], [1009, '该权益正在审核中，请耐心等待']);

    assert.match(await listRightApplications(harness.database.db, 'pending'), /13700000021 .* 原创标 \(original\) {2}pending/);
    assert.match(
      await reviewRightApplication(harness.database.db, { id: String(await pendingId('original')), status: 'approved', reason: '' }),
      /now approved/,
    );
    assert.equal(stateOf((await view(GOOD)).data, 'original')?.state, 'approved');
    assert.deepEqual([(await apply(GOOD, 'original')).code, (await apply(GOOD, 'original')).msg], [1009, '该权益已开通']);

    await apply(GOOD, 'live');
    const liveId = await pendingId('live');
    await assert.rejects(reviewRightApplication(harness.database.db, { id: String(liveId), status: 'rejected', reason: ' ' }), RightReviewRefusal);
    await reviewRightApplication(harness.database.db, { id: String(liveId), status: 'rejected', reason: '直播需要近 30 天无违规' });
    const live = stateOf((await view(GOOD)).data, 'live');
    assert.deepEqual([live?.state, live?.reason], ['rejected', '直播需要近 30 天无违规']);
    await assert.rejects(reviewRightApplication(harness.database.db, { id: String(liveId), status: 'approved', reason: '' }), /already rejected/);
    await assert.rejects(reviewRightApplication(harness.database.db, { id: '99999999', status: 'approved', reason: '' }), /No application/);
    await assert.rejects(reviewRightApplication(harness.database.db, { id: 'x', status: 'approved', reason: '' }), RightReviewRefusal);
    assert.equal(stateOf((await apply(GOOD, 'live')).data, 'live')?.state, 'pending');
  });

  it('refuses a locked right, an unverified creator, a banned creator and an unknown right', async () => {
    const locked = await apply(NEWBIE, 'original');
    assert.deepEqual([locked.code, locked.msg], [1003, '暂不满足申请条件：等级达到 Lv2 进阶作者（当前 Lv1）']);
    assert.equal((await apply(UNVERIFIED, 'original')).code, 1005);
    assert.equal((await apply(GOOD, 'vip')).code, 1002);
    assert.equal((await apply(GOOD, 'original\u0000')).code, 1002);
    await ban(harness.database.db, { phone: GOOD, type: '1', range: '3', reason: '违规' });
    const banned = await apply(GOOD, 'appreciation');
    assert.equal(banned.code, 1006);
    assert.deepEqual(stateOf((await view(GOOD)).data, 'appreciation')?.missing.includes('账号封禁期间不能申请'), true);
    const count = await harness.database.db
      .selectFrom('right_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('right_code', '=', 'appreciation')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('phone', '=', GOOD))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
  });
});
