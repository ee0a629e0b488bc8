import { preloadShares, requiredShares } from './share-preload';

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
  it('loads what the host itself provides and leaves the rest to the remote', async () => {
    const asked: string[] = [];
    const source = {
      options: { shared: { 'antd/es/button': [{}], 'antd/es/tabs': [{}], react: [{}] } },
      loadShare: (key: string) => {
        asked.push(key);
        return key === 'antd/es/tabs' ? Promise.reject(new Error('offline')) : Promise.resolve(false);
      },
    };
    preloadShares(source, requiredShares(manifest, './DraftList'));
    await Promise.resolve();
    // The icon is not the host's (another remote may have put its own copy in the share scope):
    // the remote loads its own, nothing is asked for it here.
    expect(asked).toEqual(['antd/es/button', 'antd/es/tabs', 'react']);
  });
});
