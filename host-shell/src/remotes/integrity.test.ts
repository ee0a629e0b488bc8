import { IntegrityIndex, integrityFetch, integrityPlugin } from './integrity';
import { ManifestCache } from './manifest-cache';
import { rolloutView } from './rollout-fixtures';

const ORIGIN = 'http://localhost:8080/rights';

describe('release integrity', () => {
  const index = new IntegrityIndex(ORIGIN);
  index.add(rolloutView('7'));
  const plugin = integrityPlugin(index);

  it('finds the hash of a release file however its URL is spelled', () => {
    expect(index.of('/releases/mf-tools/1.1.0/remoteEntry.js')).toBe('sha384-e1.1.0');
    expect(index.of('http://localhost:8080/releases/mf-tools/1.1.0//remoteEntry.js')).toBe('sha384-e1.1.0');
    expect(index.of('http://localhost:8080/releases/mf-tools/1.0.0/mf-manifest.json')).toBe('sha384-m1.0.0');
    expect(index.of('http://localhost:3005/remoteEntry.js')).toBeUndefined();
  });

  it('gives remote entry scripts their integrity and an anonymous CORS fetch', () => {
    const script = plugin.createScript?.({ url: 'http://localhost:8080/releases/mf-tools/1.0.0/remoteEntry.js' });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    const element = script as HTMLScriptElement;
    expect(element.integrity).toBe('sha384-e1.0.0');
    expect(element.crossOrigin).toBe('anonymous');
    expect(element.getAttribute('fetchpriority')).toBe('high');
    expect(element.src).toBe('http://localhost:8080/releases/mf-tools/1.0.0/remoteEntry.js');
    // Anything else (a dev server, a plain build) is left to the runtime.
    expect(plugin.createScript?.({ url: 'http://localhost:3005/remoteEntry.js' })).toBeUndefined();
  });

  it('fetches a release manifest with its integrity, other URLs untouched', async () => {
    // jsdom has no Response: the hook only hands it back.
    const response = { ok: true, status: 200 } as unknown as Response;
    const fetchMock = jest.fn(async () => response);
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock;
    try {
      await expect(plugin.fetch?.('http://localhost:8080/releases/mf-tools/1.1.0/mf-manifest.json', {})).resolves.toBe(response);
      expect(fetchMock).toHaveBeenCalledWith('http://localhost:8080/releases/mf-tools/1.1.0/mf-manifest.json', { integrity: 'sha384-m1.1.0' });
      expect(plugin.fetch?.('http://localhost:3005/mf-manifest.json', {})).toBeUndefined();
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('manifests warmed while the shell is idle', () => {
  const index = new IntegrityIndex(ORIGIN);
  index.add(rolloutView('7'));
  const manifest = 'http://localhost:8080/releases/mf-tools/1.1.0/mf-manifest.json';
  // jsdom has no Response: a stand-in with what the cache uses (ok, clone).
  const response = (body: string, ok = true) => {
    const made = { ok, status: ok ? 200 : 500, body, clone: () => made };
    return made as unknown as Response;
  };

  /** Runs `check` with the page's fetch replaced by `fetchMock`, and puts the real one back. */
  const withFetch = async (fetchMock: jest.Mock, check: () => Promise<void>) => {
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock;
    try {
      await check();
    } finally {
      globalThis.fetch = original;
    }
  };

  it('answers the runtime from the warmed copy: one request in all, made with the integrity hash', async () => {
    const fetchMock = jest.fn(async () => response('{"id":"mf_tools"}'));
    await withFetch(fetchMock, async () => {
      const cache = new ManifestCache(integrityFetch(index));
      const plugin = integrityPlugin(index, cache);
      cache.warm(manifest);
      cache.warm(manifest);
      const first = (await plugin.fetch?.(manifest, {})) as unknown as { body: string };
      const again = (await plugin.fetch?.(manifest, {})) as unknown as { body: string };
      expect([first.body, again.body]).toEqual(['{"id":"mf_tools"}', '{"id":"mf_tools"}']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith(manifest, { integrity: 'sha384-m1.1.0' });
    });
  });

  it('a failed warm-up is forgotten: the runtime fetches the manifest itself', async () => {
    const fetchMock = jest.fn(async () => response('', false));
    await withFetch(fetchMock, async () => {
      const cache = new ManifestCache(integrityFetch(index));
      const plugin = integrityPlugin(index, cache);
      cache.warm(manifest);
      expect(await cache.take(manifest)).toBeUndefined();
      fetchMock.mockImplementation(async () => response('{"id":"mf_tools"}'));
      const fetched = (await plugin.fetch?.(manifest, {})) as unknown as { body: string };
      expect(fetched.body).toBe('{"id":"mf_tools"}');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
