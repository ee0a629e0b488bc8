import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, dayOf, dayStart, daysEnding, isValidDay } from './calendar';
import { type ScoreInputs, publishedWithin, scoreOn } from './formula';
import { levelOf } from './levels';

const DAY = '2031-01-15';
const at = (day: string, hour = 12) => new Date(dayStart(day).getTime() + hour * 3_600_000);
const published = (day: string, type = 1) => ({ type, status: 7, created_at: at(day), published_at: at(day) });
const empty = (): ScoreInputs => ({ manuscripts: [], events: [], bans: [] });

describe('creation score formula', () => {
  it('uses Asia/Shanghai days', () => {
    assert.equal(dayOf(new Date('2031-01-14T16:30:00Z')), '2031-01-15');
    assert.equal(dayOf(new Date('2031-01-14T15:59:59Z')), '2031-01-14');
    assert.deepEqual(daysEnding('2031-03-01', 3), ['2031-02-27', '2031-02-28', '2031-03-01']);
    assert.equal(addDays('2031-01-01', -1), '2030-12-31');
    assert.equal(isValidDay('2031-02-30'), false);
    assert.equal(isValidDay('2031-02-28'), true);
  });

  it('a creator with nothing has neutral quality and full credit only', () => {
    assert.deepEqual(scoreOn(empty(), DAY), { score: 27, dimensions: { creation: 0, activity: 0, quality: 60, interaction: 0, credit: 100 } });
  });

  it('creation counts works published in the last 30 days, activity their distinct days', () => {
    const inputs = empty();
    for (let i = 0; i < 6; i += 1) inputs.manuscripts.push(published(addDays(DAY, -i)), published(addDays(DAY, -i)));
    inputs.manuscripts.push(published(addDays(DAY, -30))); // one day too old
    const { dimensions } = scoreOn(inputs, DAY);
    assert.equal(dimensions.creation, 100);
    assert.equal(dimensions.activity, 40); // 6 of 15 days
    assert.equal(dimensions.quality, 100);
    // The day before the first of them, nothing counts yet.
    assert.equal(scoreOn(inputs, addDays(DAY, -6)).dimensions.creation, 10);
  });

  it('quality is the pass rate of the last 90 days; rejections lower it', () => {
    const inputs = empty();
    inputs.manuscripts.push(published(addDays(DAY, -40)), published(addDays(DAY, -50)), published(addDays(DAY, -60)));
    inputs.manuscripts.push({ type: 1, status: 6, created_at: at(addDays(DAY, -10)), published_at: null });
    assert.equal(scoreOn(inputs, DAY).dimensions.quality, 75);
    inputs.manuscripts.push({ type: 1, status: 6, created_at: at(addDays(DAY, -100)), published_at: null });
    assert.equal(scoreOn(inputs, DAY).dimensions.quality, 75);
  });

  it('interaction weighs reads, likes, comments and shares of the last 30 days', () => {
    const inputs = empty();
    const e = (kind: 'read' | 'like' | 'comment' | 'share', amount: number, day = DAY, content_type = 1) =>
      inputs.events.push({ kind, amount, content_type, occurred_at: at(day) });
    e('read', 30_000); // 300 points
    e('like', 150);
    e('comment', 75); // 150
    e('share', 100); // 300
    e('share', 10_000, addDays(DAY, -30)); // too old
    assert.equal(scoreOn(inputs, DAY).dimensions.interaction, 30); // 900 / 30
    e('like', 10_000, DAY, 2);
    assert.equal(scoreOn(inputs, DAY).dimensions.interaction, 100);
    assert.equal(scoreOn(inputs, DAY, 1).dimensions.interaction, 30, 'a type counts its own events only');
  });

  it('credit loses 30 per ban of the last 90 days, 20 more while one is in force, 10 per violation', () => {
    const inputs = empty();
    inputs.bans.push({ created_at: at(addDays(DAY, -20)), lifted_at: at(addDays(DAY, -10)), active: false });
    assert.equal(scoreOn(inputs, DAY).dimensions.credit, 70);
    assert.equal(scoreOn(inputs, addDays(DAY, -15)).dimensions.credit, 50, 'in force that day');
    assert.equal(scoreOn(inputs, addDays(DAY, 71)).dimensions.credit, 100, 'recovered after 90 days');
    inputs.events.push({ kind: 'violation', amount: 2, content_type: 0, occurred_at: at(DAY) });
    assert.equal(scoreOn(inputs, DAY).dimensions.credit, 50);
    inputs.bans.push({ created_at: at(addDays(DAY, -1)), lifted_at: null, active: true });
    assert.equal(scoreOn(inputs, DAY).dimensions.credit, 0);
  });

  it('the total is the weighted sum; a type list counts only its manuscripts', () => {
    const inputs = empty();
    for (let i = 0; i < 10; i += 1) inputs.manuscripts.push(published(addDays(DAY, -i), i < 5 ? 1 : 2));
    const all = scoreOn(inputs, DAY);
    assert.deepEqual(all.dimensions, { creation: 100, activity: 67, quality: 100, interaction: 0, credit: 100 });
    assert.equal(all.score, Math.round((100 * 25 + 67 * 20 + 100 * 20 + 0 * 20 + 100 * 15) / 100));
    assert.equal(scoreOn(inputs, DAY, 2).dimensions.creation, 50);
    assert.equal(publishedWithin(inputs, DAY, 7, 2), true);
    assert.equal(publishedWithin(inputs, DAY, 7, 3), false);
  });

  it('levels follow the score, real-name from Lv2 and credit from Lv4', () => {
    const dims = { creation: 0, activity: 0, quality: 0, interaction: 0, credit: 100 };
    assert.deepEqual(levelOf({ score: 75, dimensions: dims, verified: true }), { level: 3, nextMissing: ['创作分达到 80（当前 75）'] });
    assert.deepEqual(levelOf({ score: 95, dimensions: dims, verified: false }), { level: 1, nextMissing: ['完成实名认证'] });
    assert.deepEqual(levelOf({ score: 95, dimensions: { ...dims, credit: 70 }, verified: true }), { level: 3, nextMissing: ['信用分不低于 80（当前 70）'] });
    assert.deepEqual(levelOf({ score: 95, dimensions: dims, verified: true }), { level: 5, nextMissing: [] });
  });
});
