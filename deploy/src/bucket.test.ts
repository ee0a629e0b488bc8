import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bucketOf, chooseVersion } from './bucket';
import type { RolloutChoiceInput } from './rollout/types';

const ref = (version: string) => ({ version, entry: 'mf-manifest.json', integrity: { 'mf-manifest.json': 'sha384-x' } });

function rollout(percent: number, extra: Partial<RolloutChoiceInput> = {}): RolloutChoiceInput {
  return { stable: ref('1.0.0'), canary: { ...ref('1.1.0'), percent }, pins: {}, qaUsers: [], ...extra };
}

test('a user stays on the same side across reloads', () => {
  const entry = rollout(30);
  for (let i = 0; i < 200; i++) {
    const first = chooseVersion(entry, `u${i}`, 'mf-drafts', 'salt-a');
    for (let again = 0; again < 3; again++) {
      assert.deepEqual(chooseVersion(entry, `u${i}`, 'mf-drafts', 'salt-a'), first);
    }
  }
});

test('raising the percentage only moves users onto the canary, never off it', () => {
  for (let i = 0; i < 1000; i++) {
    const at10 = chooseVersion(rollout(10), `${i}`, 'mf-tools', 's')?.reason;
    const at50 = chooseVersion(rollout(50), `${i}`, 'mf-tools', 's')?.reason;
    if (at10 === 'canary') assert.equal(at50, 'canary');
  }
});

for (const percent of [10, 50, 90]) {
  test(`about ${percent} % of 10,000 users land on a ${percent} % canary`, () => {
    let canary = 0;
    for (let i = 1; i <= 10_000; i++) {
      if (chooseVersion(rollout(percent), String(100000 + i), 'mf-materials', 'k3y')?.reason === 'canary') canary++;
    }
    assert.ok(Math.abs(canary / 100 - percent) <= 3, `${canary / 100} % on the canary`);
  });
}

test('buckets differ per remote and per salt, so one user is not the canary everywhere', () => {
  let sameRemote = 0;
  let sameSalt = 0;
  for (let i = 0; i < 1000; i++) {
    if (bucketOf(`u${i}`, 'mf-drafts', 's') === bucketOf(`u${i}`, 'mf-tools', 's')) sameRemote++;
    if (bucketOf(`u${i}`, 'mf-drafts', 's') === bucketOf(`u${i}`, 'mf-drafts', 't')) sameSalt++;
  }
  assert.ok(sameRemote < 50 && sameSalt < 50);
});

test('a pin wins over the bucket, the override and stable', () => {
  const entry = rollout(100, { pins: { u1: '0.9.0' }, qaUsers: ['u1'] });
  assert.deepEqual(chooseVersion(entry, 'u1', 'mf-drafts', 's', '1.2.0'), { version: '0.9.0', reason: 'pin' });
});

test('the QA override is honoured only for users on the QA list', () => {
  const entry = rollout(0, { qaUsers: ['qa-1'] });
  assert.deepEqual(chooseVersion(entry, 'qa-1', 'mf-drafts', 's', '1.2.0'), { version: '1.2.0', reason: 'override' });
  assert.deepEqual(chooseVersion(entry, 'someone', 'mf-drafts', 's', '1.2.0'), { version: '1.0.0', reason: 'stable' });
});

test('without a stable version only canary users get the remote', () => {
  const entry: RolloutChoiceInput = { stable: null, pins: {}, qaUsers: [] };
  assert.equal(chooseVersion(entry, 'u', 'mf-drafts', 's'), null);
});

test('the bucketing file imports nothing from Node, so the host can bundle it', () => {
  const source = readFileSync(new URL('./bucket.ts', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
  assert.deepEqual(imports, ['./rollout/types']);
});
