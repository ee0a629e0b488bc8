import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reuseSessionChecks } from './session-check-reuse';

/** A session check that answers when told to, and counts the questions. */
function database(answers: Record<number, boolean>) {
  const asked: number[] = [];
  const waiting: Array<() => void> = [];
  let failing = false;
  const check = (sessionId: number) => {
    asked.push(sessionId);
    return new Promise<boolean>((resolve, reject) => {
      const fail = failing;
      waiting.push(() => (fail ? reject(new Error('the database is down')) : resolve(answers[sessionId] ?? false)));
    });
  };
  return {
    check,
    asked,
    answerAll: async () => {
      for (const answer of waiting.splice(0)) answer();
      await new Promise((resolve) => setImmediate(resolve));
    },
    fail: (on: boolean) => (failing = on),
  };
}

describe('session checks reused by the storage thread', () => {
  it('asks once for the parts of one upload that overlap, and once for each session', async () => {
    const db = database({ 1: true, 2: true });
    const usable = reuseSessionChecks(db.check, 1000, () => 0);
    const parts = [usable(1), usable(1), usable(1), usable(1), usable(2)];
    await db.answerAll();
    assert.deepEqual(await Promise.all(parts), [true, true, true, true, true]);
    assert.deepEqual(db.asked, [1, 2]);
  });

  it('takes "usable" as said for a second after the question, then asks again', async () => {
    const db = database({ 1: true });
    let clock = 0;
    const usable = reuseSessionChecks(db.check, 1000, () => clock);
    const first = usable(1);
    clock = 40; // the answer comes 40 ms after the question
    await db.answerAll();
    assert.equal(await first, true);
    clock = 999;
    assert.equal(await usable(1), true);
    assert.deepEqual(db.asked, [1], 'within the second: no new question');
    clock = 1000;
    const later = usable(1);
    await db.answerAll();
    assert.equal(await later, true);
    assert.deepEqual(db.asked, [1, 1], 'a second after the first question: asked again');
  });

  it('ends an upload once the session is no longer usable: a "no" is never reused', async () => {
    const answers: Record<number, boolean> = { 1: true };
    const db = database(answers);
    let clock = 0;
    const usable = reuseSessionChecks(db.check, 1000, () => clock);
    const before = usable(1);
    await db.answerAll();
    assert.equal(await before, true);
    answers[1] = false; // logged out
    clock = 1001;
    const after = usable(1);
    await db.answerAll();
    assert.equal(await after, false);
    const again = usable(1);
    await db.answerAll();
    assert.equal(await again, false);
    assert.deepEqual(db.asked, [1, 1, 1]);
  });

  it('passes a failed check on to every part that waited for it, and asks again next time', async () => {
    const db = database({ 1: true });
    const usable = reuseSessionChecks(db.check, 1000, () => 0);
    db.fail(true);
    const parts = [usable(1), usable(1)].map((part) => part.then(String, (error: Error) => error.message));
    await db.answerAll();
    assert.deepEqual(await Promise.all(parts), ['the database is down', 'the database is down']);
    db.fail(false);
    const next = usable(1);
    await db.answerAll();
    assert.equal(await next, true);
    assert.deepEqual(db.asked, [1, 1]);
  });
});
