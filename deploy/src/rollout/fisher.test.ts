import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fisherWorse } from './fisher';

const close = (actual: number, expected: number, digits = 6) => assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} ≈ ${expected}`);

test("matches the textbook values (R's fisher.test with alternative = 'greater')", () => {
  // The lady tasting tea: 3 of 4 against 1 of 4.
  close(fisherWorse(3, 4, 1, 4), 0.2428571);
  // 2 failures in 10 canary loads, none in 100 stable loads: (10·9)/(110·109).
  close(fisherWorse(2, 10, 0, 100), 90 / (110 * 109));
  // 4 of 40 against 8 of 400 (summed exactly with big integers: 0.01703905…).
  close(fisherWorse(4, 40, 8, 400), 0.0170391, 6);
});

test('no evidence, no verdict: nothing bad, an empty side, or the canary better', () => {
  assert.equal(fisherWorse(0, 50, 0, 50), 1);
  assert.equal(fisherWorse(0, 0, 1, 10), 1);
  assert.ok(fisherWorse(0, 100, 10, 100) > 0.99);
  assert.throws(() => fisherWorse(5, 4, 0, 1), RangeError);
});

test('large samples stay exact and fast', () => {
  const started = performance.now();
  const p = fisherWorse(600, 50_000, 500, 50_000);
  assert.ok(p > 0 && p < 0.01, String(p));
  assert.ok(performance.now() - started < 200);
});
