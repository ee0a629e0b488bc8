import { chunkRegistryNames, currentScriptFolder, separateChunkRegistries } from './chunk-registries';

type ChunkData = [chunkIds: number[], modules: Record<number, () => string>];
type Registry = ChunkData[] & { push: (data: ChunkData) => number };
type Page = Record<string, unknown>;

const NAME = 'rspackChunkmf_tools';
const CANARY = 'https://app.test/releases/mf-tools/1.1.0/';
const STABLE = 'https://app.test/releases/mf-tools/1.0.0/';

/**
 * What a build's remoteEntry.js does with its chunk registry (rspack's JSONP chunk loading): adopt
 * the chunks already in the array, then take over `push`. `require` is its __webpack_require__.
 */
function startRuntime(page: Page) {
  const factories = new Map<number, () => string>();
  const installed = new Set<number>();
  const adopt = ([ids, modules]: ChunkData) => {
    for (const [id, factory] of Object.entries(modules)) factories.set(Number(id), factory);
    ids.forEach((id) => installed.add(id));
  };
  const registry = (page[NAME] = (page[NAME] as Registry | undefined) ?? ([] as unknown as Registry));
  registry.forEach(adopt);
  const parentPush = registry.push.bind(registry);
  registry.push = (data) => {
    adopt(data);
    return parentPush(data);
  };
  return {
    installed: (chunk: number) => installed.has(chunk),
    require: (moduleId: number) => {
      const factory = factories.get(moduleId);
      if (!factory) throw new TypeError("Cannot read properties of undefined (reading 'call')");
      return factory();
    },
  };
}

/** What a chunk file does: `(self.rspackChunkmf_tools = self.rspackChunkmf_tools || []).push(…)`. */
function runChunk(page: Page, data: ChunkData): void {
  const registry = (page[NAME] = (page[NAME] as Registry | undefined) ?? ([] as unknown as Registry));
  registry.push(data);
}

describe('separateChunkRegistries', () => {
  it('gives the stable retry its own registry after a canary whose chunk ran but whose entry failed', () => {
    const page: Page = {};
    let running = '';
    separateChunkRegistries(['mf_tools'], () => running, page);

    // The canary's screen chunk was preloaded and ran; its remoteEntry.js then 404ed (never ran).
    running = CANARY;
    runChunk(page, [[874], { 92379: () => '权益中心 v2' }]);

    // Stable's entry and chunk: the same chunk id, its own module id.
    running = STABLE;
    const stable = startRuntime(page);
    expect(stable.installed(874)).toBe(false);
    runChunk(page, [[874], { 2379: () => '权益中心' }]);
    expect(stable.require(2379)).toBe('权益中心');

    // A canary chunk arriving late goes to the canary's registry, never into stable's runtime.
    running = CANARY;
    runChunk(page, [[623], { 2379: () => 'canary code' }]);
    expect(stable.installed(623)).toBe(false);
    expect(stable.require(2379)).toBe('权益中心');
  });

  it('keeps a canary that failed on a chunk apart from stable', () => {
    const page: Page = {};
    let running = CANARY;
    separateChunkRegistries(['mf_tools'], () => running, page);
    const canary = startRuntime(page);
    runChunk(page, [[874], { 92379: () => 'v2' }]);
    expect(canary.installed(874)).toBe(true);
    // Chunk 623 of the canary 404s; stable takes over.
    running = STABLE;
    const stable = startRuntime(page);
    runChunk(page, [[874], { 2379: () => 'v1' }]);
    expect(stable.require(2379)).toBe('v1');
    expect(() => stable.require(92379)).toThrow('reading');
  });

  it('without separation, the same page shows the failure it prevents', () => {
    const page: Page = {};
    runChunk(page, [[874], { 92379: () => 'v2' }]);
    const stable = startRuntime(page);
    // Stable believes its chunk 874 is installed and asks for its own module: the reproduction.
    expect(stable.installed(874)).toBe(true);
    expect(() => stable.require(2379)).toThrow("Cannot read properties of undefined (reading 'call')");
  });

  it('covers both registry names, keeps chunks pushed earlier, and installs once', () => {
    expect(chunkRegistryNames('mf_tools')).toEqual(['rspackChunkmf_tools', 'webpackChunkmf_tools']);
    const early = [[[1], {}]];
    const page: Page = { webpackChunkmf_tools: early };
    const registries = separateChunkRegistries(['mf_tools'], () => '', page);
    expect(page.webpackChunkmf_tools).toBe(early);
    expect(separateChunkRegistries(['mf_tools'], () => '', page).size).toBe(0);
    expect(registries.get('rspackChunkmf_tools')?.size).toBe(0);
  });
});

describe('currentScriptFolder', () => {
  it("is the running script's folder, or '' without a script source", () => {
    expect(currentScriptFolder({ currentScript: null })).toBe('');
    const script = document.createElement('script');
    script.src = `${STABLE}remoteEntry.js?x=1`;
    expect(currentScriptFolder({ currentScript: script })).toBe(STABLE);
    expect(currentScriptFolder({ currentScript: document.createElement('script') })).toBe('');
  });
});
