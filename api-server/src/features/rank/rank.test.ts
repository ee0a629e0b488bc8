import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import type { RankListAnswer } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { addDays } from '../score/calendar';
import { event, makeCreator, noonOf, publish } from '../score/testing';
import { rebuildRanks } from './build';
import { topList, topQuery } from './query';

// Far from the seeded demo data, so only this file's creators are inside the windows.
const TODAY = '2031-01-15';

describe('rank', () => {
  const harness = setUpTestApp();
  const ids = { star: 0, steady: 0, old: 0, low: 0 };
  const tokens: Record<string, string> = {};

  const list = async (phone: string, params: Record<string, string | number>) =>
    body<RankListAnswer>(await signed(harness.app, { url: '/api/creatorRank/list', token: tokens[phone], params }));

  before(async () => {
    harness.app.scoreClock.now = () => noonOf(TODAY);
    // star: a video every day this week; steady: articles over the month; old: only last month; low: one gallery.
    ids.star = await makeCreator(harness.database.db, '13700000011');
    for (let i = 0; i < 7; i += 1) await publish(harness.database.db, ids.star, addDays(TODAY, -i), { type: 2 });
    await event(harness.database.db, ids.star, TODAY, 'share', 900, 2);
    ids.steady = await makeCreator(harness.database.db, '13700000012');
    for (let i = 0; i < 30; i += 3) await publish(harness.database.db, ids.steady, addDays(TODAY, -i), { type: 1 });
    ids.old = await makeCreator(harness.database.db, '13700000013');
    await publish(harness.database.db, ids.old, addDays(TODAY, -40));
    ids.low = await makeCreator(harness.database.db, '13700000014');
    await publish(harness.database.db, ids.low, addDays(TODAY, -20), { type: 3 });
    for (const [name, phone] of [
      ['star', '13700000011'],
      ['low', '13700000014'],
      ['old', '13700000013'],
    ] as const)
      tokens[name] = await login(harness.app, phone);
    await rebuildRanks(harness.database.db, TODAY);
  });

  it('ranks creators who published in the period by their mean daily score; weekly and monthly differ', async () => {
    const week = await list('star', { period: 'week', type: 0 });
    assert.equal(week.code, 0);
    assert.equal(week.data.day, TODAY);
    // A month of steady work outweighs a week's burst that started from nothing.
    assert.deepEqual(
      week.data.list.map((r) => r.user_id),
      [ids.steady, ids.star],
    );
    assert.deepEqual(
      week.data.list.map((r) => r.position),
      [1, 2],
    );
    assert.equal(week.data.list[1]?.nickname, '作者0011');
    assert.ok((week.data.list[0]?.score ?? 0) > (week.data.list[1]?.score ?? 0));
    assert.deepEqual(week.data.mine, week.data.list[1]);

    const month = await list('star', { period: 'month', type: 0 });
    assert.deepEqual(month.data.list.map((r) => r.user_id).sort(), [ids.star, ids.steady, ids.low].sort());
    assert.ok(!month.data.list.some((r) => r.user_id === ids.old), 'nothing published this month');
    // Scores have one decimal.
    for (const row of month.data.list) assert.equal(Math.round(row.score * 10), row.score * 10);
  });

  it('by content type counts only that type', async () => {
    assert.deepEqual(
      (await list('star', { period: 'month', type: 1 })).data.list.map((r) => r.user_id),
      [ids.steady],
    );
    assert.deepEqual(
      (await list('star', { period: 'month', type: 3 })).data.list.map((r) => r.user_id),
      [ids.low],
    );
    const videos = await list('star', { period: 'week', type: 2 });
    assert.deepEqual(
      videos.data.list.map((r) => r.user_id),
      [ids.star],
    );
    assert.equal((await list('low', { period: 'week', type: 2 })).data.mine, null);
  });

  it('answers my row below the top 100, and null when I am not ranked', async () => {
    // 100 creators above "low" in the monthly gallery list, written straight into the list.
    await harness.database.db
      .updateTable('creator_rank')
      .set({ position: 101 })
      .where('user_id', '=', ids.low)
      .where('period', '=', 'month')
      .where('type', '=', 3)
      .execute();
    await harness.database.db
      .insertInto('creator_rank')
      .values(
        Array.from({ length: 100 }, (_, i) => ({ period: 'month' as const, type: 3, user_id: 900_000 + i, score_tenths: 900, position: i + 1, day: TODAY })),
      )
      .execute();
    const answer = await list('low', { period: 'month', type: 3 });
    assert.equal(answer.data.list.length, 100);
    assert.ok(!answer.data.list.some((r) => r.user_id === ids.low));
    assert.equal(answer.data.mine?.position, 101);
    assert.equal(answer.data.list[0]?.nickname, '已注销作者');
    assert.equal((await list('old', { period: 'month', type: 0 })).data.mine, null);
  });

  it('refuses an unknown period or type', async () => {
    assert.equal((await list('star', { period: 'year', type: 0 })).code, 1002);
    assert.equal((await list('star', { period: 'week', type: 9 })).code, 1002);
    assert.equal((await list('star', { period: 'week', type: '1\u0000' })).code, 1002);
    assert.equal((await list('star', { period: 'week', type: 99_999_999_999 })).code, 1002);
  });

  it('serves the top 100 of 100,000 creators through the position index', async () => {
    await harness.database.db.deleteFrom('creator_rank').execute();
    await harness.database.db.executeQuery(
      CompiledQuery.raw(
        `insert into creator_rank (period, type, user_id, score_tenths, position, day)
         select p, t, g, 1000 - g / 100, g, '${TODAY}' from generate_series(1, 100000) g, (values ('week'), ('month')) ps(p), (values (0), (1)) ts(t)`,
      ),
    );
    await harness.database.db.executeQuery(CompiledQuery.raw('analyze creator_rank'));
    const compiled = topQuery(harness.database.db, 'month', 1).compile();
    const plan = await harness.database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(text, /creator_rank_position_idx/);
    assert.doesNotMatch(text, /Seq Scan on creator_rank/);
    const started = performance.now();
    const answer = await list('star', { period: 'month', type: 1 });
    const ms = performance.now() - started;
    assert.equal(answer.data.list.length, 100);
    assert.equal(answer.data.list[99]?.position, 100);
    const queryStarted = performance.now();
    await topList(harness.database.db, 'month', 1);
    console.info(`rank list of 400,000 rows: call ${ms.toFixed(1)} ms, top-100 query ${(performance.now() - queryStarted).toFixed(1)} ms`);
  });
});
