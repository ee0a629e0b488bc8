import { prefetchRemoteShares, preloadScreenAssets, preloadShares, requiredShares, sharedAssetFiles } from './share-preload';

const manifest = {
  exposes: [
    { name: 'DraftList', path: './DraftList', requires: ['antd/es/button', 'antd/es/tabs', 'react', '@ant-design/icons/es/icons/PlusOutlined'] },
    { name: 'ShortPlay', path: './ShortPlay', requires: ['antd/es/upload'] },
    { name: 'Old', path: './Old' },
  ],
};

describe('requiredShares', () => {
  it('reads the shared modules of the exposed module that is opening', () => {
    expect(requiredShares(manifest, './DraftList')).toEqual(['antd/es/button', 'antd/es/tabs', 'react', '@ant-design/icons/es/icons/PlusOutlined']);
    expect(requiredShares(manifest, './ShortPlay')).toEqual(['antd/es/upload']);
  });

  it('is empty for a manifest built before the list existed, another screen, or no manifest at all', () => {
    expect(requiredShares(manifest, './Old')).toEqual([]);
    expect(requiredShares(manifest, './Missing')).toEqual([]);
    expect(requiredShares(null, './DraftList')).toEqual([]);
    expect(requiredShares({ exposes: [{ path: './DraftList', requires: [1, 'antd/es/tag'] }] }, './DraftList')).toEqual(['antd/es/tag']);
  });
});

describe('preloadShares', () => {
  const sourceAsking = (asked: string[]) => ({
    options: { shared: { 'antd/es/button': [{}], 'antd/es/tabs': [{}], react: [{}] } },
    loadShare: (key: string) => {
      asked.push(key);
      return key === 'antd/es/tabs' ? Promise.reject(new Error('offline')) : Promise.resolve(false);
    },
  });

  it('loads what the host itself provides and leaves the rest to the remote', async () => {
    const asked: string[] = [];
    const others = preloadShares(sourceAsking(asked), requiredShares(manifest, './DraftList'), () => Promise.resolve());
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    // The icon is not the host's (another remote may have put its own copy in the share scope):
    // the remote loads its own, nothing is asked for it here.
    expect(asked).toEqual(['antd/es/button', 'antd/es/tabs', 'react']);
    expect(others).toEqual(['@ant-design/icons/es/icons/PlusOutlined']);
  });

  it("asks for each share in a task of its own, none in the caller's", async () => {
    const asked: string[] = [];
    const turns: (() => void)[] = [];
    const pause = () => new Promise<void>((resolve) => turns.push(resolve));
    preloadShares(sourceAsking(asked), requiredShares(manifest, './DraftList'), pause);
    expect(asked).toEqual([]);
    for (const expected of [['antd/es/button'], ['antd/es/button', 'antd/es/tabs'], ['antd/es/button', 'antd/es/tabs', 'react']]) {
      await Promise.resolve();
      expect(turns).toHaveLength(1);
      turns.shift()!();
      await Promise.resolve();
      await Promise.resolve();
      expect(asked).toEqual(expected);
    }
    await Promise.resolve();
    expect(turns).toHaveLength(0);
  });
});

describe("the remote's own copies of what the host does not provide", () => {
  const withShared = {
    shared: [
      { name: '@ant-design/icons/es/icons/PlusOutlined', assets: { js: { sync: ['antd-base.1.js', 'antd-icons.2.js'] } } },
      { name: '@ant-design/icons/es/icons/LineOutlined', assets: { js: { sync: ['antd-icons.2.js'] } } },
      { name: 'antd/es/button', assets: { js: { sync: ['button.3.js'] } } },
      { name: 'evil', assets: { js: { sync: ['https://elsewhere.example/x.js', '../other/x.js', '//elsewhere.example/y.js', 7] } } },
    ],
  };

  it('lists the synchronous files of the asked shares, once each', () => {
    expect(sharedAssetFiles(withShared, ['@ant-design/icons/es/icons/PlusOutlined', '@ant-design/icons/es/icons/LineOutlined'])).toEqual([
      'antd-base.1.js',
      'antd-icons.2.js',
    ]);
    expect(sharedAssetFiles(withShared, ['react'])).toEqual([]);
    expect(sharedAssetFiles(null, ['react'])).toEqual([]);
  });

  it("fetches nothing outside the remote's folder", () => {
    expect(sharedAssetFiles(withShared, ['evil'])).toEqual([]);
  });

  it("preloads each file from the remote's folder once, without running it", () => {
    document.head.innerHTML = '';
    const url = 'http://localhost/releases/mf-editor/1.0.0/mf-manifest.json';
    prefetchRemoteShares(url, ['antd-icons.2.js', 'antd-base.1.js']);
    prefetchRemoteShares(url, ['antd-icons.2.js']);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('as'), link.href])).toEqual([
      ['preload', 'script', 'http://localhost/releases/mf-editor/1.0.0/antd-icons.2.js'],
      ['preload', 'script', 'http://localhost/releases/mf-editor/1.0.0/antd-base.1.js'],
    ]);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('the opening screen fetched as soon as its manifest is read', () => {
  const url = 'http://localhost/releases/mf-editor/1.0.0/mf-manifest.json';
  const screenManifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { path: './ScriptWrite', assets: { js: { sync: ['223.a.js', '__federation_expose_ScriptWrite.b.js'] }, css: { sync: ['screen.c.css'] } } },
      { path: './Other', assets: { js: { sync: ['other.d.js', 'https://elsewhere.example/e.js'] }, css: { sync: [] } } },
    ],
  };
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map((link) => [
      link.getAttribute('as'),
      link.href.replace('http://localhost/releases/mf-editor/1.0.0/', ''),
      link.getAttribute('fetchpriority'),
      link.getAttribute('integrity'),
    ]);

  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads the entry (with its integrity), the screen stylesheets and scripts, high priority', () => {
    preloadScreenAssets(url, screenManifest, './ScriptWrite', (asked) => (asked.endsWith('/remoteEntry.js') ? 'sha384-entry' : undefined));
    expect(preloads()).toEqual([
      ['script', 'remoteEntry.js', 'high', 'sha384-entry'],
      ['style', 'screen.c.css', null, null],
      ['script', '223.a.js', 'high', null],
      ['script', '__federation_expose_ScriptWrite.b.js', 'high', null],
    ]);
    expect(document.head.querySelector('link[integrity]')?.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('leaves an entry without a known hash to the runtime, and nothing outside the folder is fetched', () => {
    preloadScreenAssets(url, screenManifest, './Other', () => undefined);
    expect(preloads()).toEqual([['script', 'other.d.js', 'high', null]]);
  });

  it('does nothing for an unknown screen or an unreadable manifest, and fetches each file once', () => {
    preloadScreenAssets(url, screenManifest, './Missing', () => undefined);
    preloadScreenAssets(url, null, './ScriptWrite', () => undefined);
    expect(preloads()).toEqual([]);
    preloadScreenAssets(url, screenManifest, './Other', () => undefined);
    preloadScreenAssets(url, screenManifest, './Other', () => undefined);
    expect(preloads()).toHaveLength(1);
  });
});
