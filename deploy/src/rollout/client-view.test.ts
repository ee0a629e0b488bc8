import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseVersion } from '../bucket';
import { release } from '../testing/releases';
import { clientRollout } from './client-view';
import { emptyManifest } from './manifest';
import { pause, pin, promote, setQaUser, startCanary, versionRef } from './steps';

const ctx = { who: 'ana', at: '2026-01-01T00:00:00.000Z' };
let manifest = promote(emptyManifest('salt'), 'mf-drafts', ctx, release('1.0.0'));
manifest = startCanary(manifest, release('1.1.0'), 20, ctx);
manifest = pin(manifest, release('0.9.0'), 'u1', ctx);
manifest = pin(manifest, release('0.8.0'), 'u2', ctx);
manifest = setQaUser(manifest, 'mf-drafts', 'qa', true, ctx);

const lookup = async (remote: string, version: string) => {
  const r = release(version, remote);
  return { ...versionRef(r), routes: r.routes };
};

test("a user's view carries only their own pin and QA right, and no history", async () => {
  const view = await clientRollout(manifest, 'u1', '/releases/', lookup);
  const remote = view.remotes['mf-drafts'];
  assert.deepEqual(remote?.pins, { u1: '0.9.0' });
  assert.deepEqual(remote?.qaUsers, []);
  assert.deepEqual(Object.keys(remote?.versions ?? {}).sort(), ['0.9.0', '1.0.0', '1.1.0']);
  assert.equal(JSON.stringify(view).includes('u2'), false);
  assert.equal('history' in (remote ?? {}), false);
  assert.deepEqual((await clientRollout(manifest, 'qa', '/releases/', lookup)).remotes['mf-drafts']?.qaUsers, ['qa']);
});

test('the host reaches the same choice from its view as from the full manifest', async () => {
  for (const user of ['u1', 'u2', 'qa', ...Array.from({ length: 50 }, (_, i) => `user-${i}`)]) {
    const view = await clientRollout(manifest, user, '/releases/', lookup);
    const full = manifest.remotes['mf-drafts'];
    assert.ok(full);
    assert.deepEqual(chooseVersion(view.remotes['mf-drafts'] ?? full, user, 'mf-drafts', view.salt), chooseVersion(full, user, 'mf-drafts', manifest.salt));
  }
});

test('a QA user gets the refs of any published version they override to; other users do not', async () => {
  const qa = await clientRollout(manifest, 'qa', '/releases/', lookup, { 'mf-drafts': '0.7.0', 'mf-tools': '3.0.0' });
  assert.deepEqual(Object.keys(qa.remotes['mf-drafts']?.versions ?? {}).sort(), ['0.7.0', '1.0.0', '1.1.0']);
  const drafts = qa.remotes['mf-drafts'];
  assert.ok(drafts);
  assert.deepEqual(chooseVersion(drafts, 'qa', 'mf-drafts', qa.salt, '0.7.0'), { version: '0.7.0', reason: 'override' });
  const other = await clientRollout(manifest, 'u3', '/releases/', lookup, { 'mf-drafts': '0.7.0' });
  assert.deepEqual(Object.keys(other.remotes['mf-drafts']?.versions ?? {}).sort(), ['1.0.0', '1.1.0']);
  const unpublished = await clientRollout(manifest, 'qa', '/releases/', async () => null, { 'mf-drafts': '0.7.0' });
  assert.deepEqual(unpublished.remotes['mf-drafts']?.versions, {});
});

test('a paused canary is left out of the view: the host buckets nobody onto it; a pinned user still gets it', async () => {
  let paused = pause(manifest, 'mf-drafts', ctx);
  paused = pin(paused, release('1.1.0'), 'u3', ctx);
  const view = await clientRollout(paused, 'u9', '/releases/', lookup);
  assert.equal(view.remotes['mf-drafts']?.canary, undefined);
  assert.deepEqual(Object.keys(view.remotes['mf-drafts']?.versions ?? {}), ['1.0.0']);
  const pinned = await clientRollout(paused, 'u3', '/releases/', lookup);
  assert.equal(chooseVersion(pinned.remotes['mf-drafts']!, 'u3', 'mf-drafts', pinned.salt)?.version, '1.1.0');
});
