import { createInstance } from '@module-federation/enhanced/runtime';
import { deferredSharesPlugin } from './deferred-shares';

/** One share as the build hands it to the runtime: a version and a factory per key. */
function share(lib: unknown) {
  return { version: '1.0.0', scope: ['default'], shareConfig: { singleton: true, requiredVersion: '^1.0.0' }, get: async () => () => lib };
}

const react = { name: 'react' };
const button = { name: 'antd/es/button' };
const table = { name: 'antd/es/table' };

/** The host's runtime as the build creates it: every share of the build, and the plugin. */
function host() {
  const plugin = deferredSharesPlugin();
  const instance = createInstance({
    name: 'host_shell',
    remotes: [{ name: 'mf_drafts', entry: 'http://localhost/mf-manifest.json' }],
    shareStrategy: 'loaded-first',
    shared: { react: share(react), 'antd/es/button': share(button), 'antd/es/table': share(table) },
    plugins: [plugin],
  });
  return { instance, shares: plugin.shares };
}

const inScope = (instance: ReturnType<typeof host>['instance']) => Object.keys(instance.shareScopeMap.default ?? {}).sort();

describe('deferredSharesPlugin', () => {
  // The runtime logs the remote it cannot fetch here.
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('registers no share at start-up, then each one when the host first asks for it', async () => {
    const { instance, shares: deferredShares } = host();
    void instance.initializeSharing('default');
    expect(inScope(instance)).toEqual([]);
    expect(deferredShares.registered()).toEqual([]);

    const factory = (await instance.loadShare('react')) as () => unknown;
    expect(factory()).toBe(react);
    expect(inScope(instance)).toEqual(['react']);
    expect(deferredShares.waiting().sort()).toEqual(['antd/es/button', 'antd/es/table']);

    // The same key again is the same registered copy, not a second registration.
    expect(((await instance.loadShare('react')) as () => unknown)()).toBe(react);
    expect(deferredShares.registered()).toEqual(['react']);
  });

  it('registers every waiting share before a remote is requested', async () => {
    const { instance, shares: deferredShares } = host();
    await instance.loadShare('antd/es/button');
    // The remote's entry cannot load here; what matters is the scope it would have found.
    await instance.loadRemote('mf_drafts/DraftList').catch(() => undefined);
    expect(inScope(instance)).toEqual(['antd/es/button', 'antd/es/table', 'react']);
    expect(deferredShares.waiting()).toEqual([]);
    // A remote's consume (import: false) resolves the host's copy from the scope.
    const versions = instance.shareScopeMap.default?.['antd/es/table'] ?? {};
    const registered = Object.values(versions)[0] as { get: () => Promise<() => unknown> } | undefined;
    expect(registered && (await registered.get())()).toBe(table);
  });
});
