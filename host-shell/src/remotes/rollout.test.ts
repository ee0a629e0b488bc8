import type { RemoteEntry } from 'shared-sdk';
import { fetchRollout, OVERRIDE_KEY, planRemotes, readOverrides, ROLLOUT_CACHE_KEY } from './rollout';
import { ROUTES, rolloutView as view, usersAround } from './rollout-fixtures';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('planRemotes', () => {
  const { inside, outside } = usersAround(50);

  it('gives the canary to users in its bucket and stable to the others, the same on every call', () => {
    for (let i = 0; i < 3; i++) {
      expect(planRemotes(view(inside), [])[0]?.entry).toEqual({
        name: 'mf_tools',
        version: '1.1.0',
        manifestUrl: '/releases/mf-tools/1.1.0/mf-manifest.json',
        routes: ROUTES,
      });
      expect(planRemotes(view(outside), [])[0]?.entry.version).toBe('1.0.0');
    }
    expect(planRemotes(view(inside), [])[0]?.stable?.version).toBe('1.0.0');
  });

  it('gives a visitor stable, and honours ?mf only for QA users', () => {
    expect(planRemotes(view(null, 100), [])[0]?.entry.version).toBe('1.0.0');
    expect(planRemotes(view(outside), [], { 'mf-tools': '0.9.0' })[0]?.entry.version).toBe('1.0.0');
    const qa = planRemotes(view(outside, 50, { qaUsers: [outside] }), [], { 'mf-tools': '0.9.0' })[0];
    expect(qa?.entry.version).toBe('0.9.0');
    expect(qa?.reason).toBe('override');
  });

  it('an unknown override version falls back to stable; remotes outside the rollout come from the list', () => {
    const listed: RemoteEntry = { name: 'mf_drafts', version: '1.0.0', manifestUrl: '/remotes/mf-drafts/mf-manifest.json', routes: [] };
    const plans = planRemotes(view(outside, 50, { qaUsers: [outside] }), [listed], { 'mf-tools': '7.7.7' });
    expect(plans.map((p) => [p.entry.name, p.entry.version, p.reason])).toEqual([
      ['mf_tools', '1.0.0', 'stable'],
      ['mf_drafts', '1.0.0', 'list'],
    ]);
    expect(planRemotes(null, [listed])).toEqual([{ folder: 'mf-drafts', entry: listed, stable: null, reason: 'list' }]);
  });
});

describe('readOverrides', () => {
  it('keeps ?mf in the session for later pages', () => {
    const storage = new MemoryStorage();
    expect(readOverrides('?mf=mf-tools@1.2.0,mf-drafts@2.0.0', storage)).toEqual({ 'mf-tools': '1.2.0', 'mf-drafts': '2.0.0' });
    expect(JSON.parse(storage.getItem(OVERRIDE_KEY) ?? '{}')).toEqual({ 'mf-tools': '1.2.0', 'mf-drafts': '2.0.0' });
    expect(readOverrides('', storage)).toEqual({ 'mf-tools': '1.2.0', 'mf-drafts': '2.0.0' });
    expect(readOverrides('?mf=bad', null)).toEqual({});
  });
});

describe('fetchRollout', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('asks without caching, with the token, and keeps the answer', async () => {
    const storage = new MemoryStorage();
    const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ code: 0, data: view('7') }) }));
    expect(await fetchRollout('tok en', { fetch, storage })).toEqual(view('7'));
    expect(fetch).toHaveBeenCalledWith('/api/runtime/rollout?token=tok+en', expect.objectContaining({ cache: 'no-store' }));
    expect(JSON.parse(storage.getItem(ROLLOUT_CACHE_KEY) ?? 'null')).toEqual(view('7'));
  });

  it('sends the QA overrides along, so the server can add a version off the rollout to the view', async () => {
    const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ code: 0, data: view('7') }) }));
    await fetchRollout('t', { fetch, storage: null }, { 'mf-tools': '0.8.0', 'mf-drafts': '2.0.0' });
    expect(fetch).toHaveBeenCalledWith('/api/runtime/rollout?token=t&mf=mf-tools%400.8.0%2Cmf-drafts%402.0.0', expect.anything());
  });

  it('uses the last good copy when the server fails, and null without one', async () => {
    const storage = new MemoryStorage();
    const failing = jest.fn(async () => {
      throw new Error('offline');
    });
    expect(await fetchRollout('', { fetch: failing, storage })).toBeNull();
    storage.setItem(ROLLOUT_CACHE_KEY, JSON.stringify(view('7')));
    expect(await fetchRollout('', { fetch: failing, storage })).toEqual(view('7'));
    const bad = jest.fn(async () => ({ ok: false, status: 502, json: async () => ({}) }));
    expect(await fetchRollout('', { fetch: bad, storage })).toEqual(view('7'));
  });
});
