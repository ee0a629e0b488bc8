import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { ScoreHistoryAnswer, UserScoreDetailAnswer } from 'shared-sdk/contract';
import { ban } from '../../cli/commands';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { addDays } from './calendar';
import { ScoreDayRefusal, runScoreDaily, scoreDaily } from './daily-job';
import { runDailyIfDue } from './daily-runner';
import { event, makeCreator, noonOf, publish } from './testing';

// Far from the seeded demo data, so only this file's rows are inside the windows.
const TODAY = '2031-01-15';
const PHONE = '13700000001';

describe('creation score calls', () => {
  const harness = setUpTestApp();
  let token: string;
  let userId: number;

  const score = async () => body<UserScoreDetailAnswer>(await signed(harness.app, { url: '/api/creatorScore/getUserScore', token }));
  const history = async () => body<ScoreHistoryAnswer>(await signed(harness.app, { url: '/api/creatorScore/history', token }));

  before(async () => {
    harness.app.scoreClock.now = () => noonOf(TODAY);
    userId = await makeCreator(harness.database.db, PHONE);
    token = await login(harness.app, PHONE);
  });

  it('answers user_score with the dimensions, the day and the level, computed from nothing yet', async () => {
    const answer = await score();
    assert.equal(answer.code, 0);
    assert.deepEqual(answer.data, {
      user_score: 27,
      day: TODAY,
      dimensions: { creation: 0, activity: 0, quality: 60, interaction: 0, credit: 100 },
      level: 1,
      previous_score: null,
    });
  });

  it('publishing and readers raise it at once; the history keeps the earlier days', async () => {
    for (let i = 0; i < 10; i += 1) await publish(harness.database.db, userId, addDays(TODAY, -i));
    await event(harness.database.db, userId, TODAY, 'share', 600); // 1800 points → 互动 60
    const answer = (await score()).data;
    assert.deepEqual(answer.dimensions, { creation: 100, activity: 67, quality: 100, interaction: 60, credit: 100 });
    assert.equal(answer.user_score, 85);
    assert.equal(answer.level, 4);

    const list = (await history()).data.list;
    assert.equal(list.length, 30);
    assert.equal(list[0]?.day, addDays(TODAY, -29));
    assert.equal(list[29]?.day, TODAY);
    assert.equal(list[29]?.user_score, 85);
    // Ten days ago: one work published that day, no readers yet.
    assert.deepEqual(list[20]?.dimensions, { creation: 10, activity: 7, quality: 100, interaction: 0, credit: 100 });
    assert.deepEqual(list[19]?.dimensions, { creation: 0, activity: 0, quality: 60, interaction: 0, credit: 100 });
  });

  it('yesterday is answered as previous_score, and a stored day is not recomputed', async () => {
    const yesterday = addDays(TODAY, -1);
    const stored = await harness.database.db
      .selectFrom('creator_score_daily')
      .select('score')
      .where('user_id', '=', userId)
      .where('day', '=', yesterday)
      .executeTakeFirstOrThrow();
    assert.equal((await score()).data.previous_score, stored.score);
    // A work published "yesterday" after the snapshot changes today, not the stored history.
    await publish(harness.database.db, userId, yesterday, { type: 2 });
    const list = (await history()).data.list;
    assert.equal(list[28]?.user_score, stored.score);
  });

  it('a ban lowers credit and the total', async () => {
    const before = (await score()).data;
    await ban(harness.database.db, { phone: PHONE, type: '1', range: '3', reason: '违规' });
    await sql`update bans set created_at = ${noonOf(addDays(TODAY, -2))} where user_id = ${userId}`.execute(harness.database.db);
    const after = (await score()).data;
    assert.equal(after.dimensions.credit, 50);
    assert.ok(after.user_score < before.user_score);
    assert.equal(after.level, 3, 'Lv4 needs a credit of 80');
  });

  it('the daily job snapshots every creator for a day and can be re-run', async () => {
    const day = addDays(TODAY, 1);
    const line = await runScoreDaily(harness.database.db, day, noonOf(day));
    const users = await harness.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await harness.database.db
      .selectFrom('creator_score_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    assert.equal(Number(rows.n), Number(users.n));
    assert.match(line, new RegExp(`Scored ${Number(users.n)} creators for ${day}`));
    await runScoreDaily(harness.database.db, day, noonOf(day));
    const again = await harness.database.db
      .selectFrom('creator_score_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    assert.equal(Number(again.n), Number(users.n));
    // The operator command refuses a day that does not exist.
    await assert.rejects(scoreDaily(harness.database.db, '2031-02-30'), ScoreDayRefusal);
    await assert.rejects(scoreDaily(harness.database.db, 'yesterday'), ScoreDayRefusal);
  });

  it("the server builds each day's rank lists once, by itself, when the day has none yet", async () => {
    const later = addDays(TODAY, 3);
    const rankDay = async () => (await harness.database.db.selectFrom('creator_rank').select('day').orderBy('day', 'desc').executeTakeFirst())?.day;
    assert.equal(await runDailyIfDue(harness.database.db, noonOf(later)), true);
    assert.equal(await rankDay(), later);
    assert.equal(await runDailyIfDue(harness.database.db, noonOf(later)), false, 'built once a day');
    const snapshots = await harness.database.db
      .selectFrom('creator_score_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', later)
      .executeTakeFirstOrThrow();
    assert.ok(Number(snapshots.n) > 0);
  });

  it('refuses without a token', async () => {
    assert.equal(body(await signed(harness.app, { url: '/api/creatorScore/getUserScore' })).code, -1);
  });
});
