import { matchPath } from 'shared-sdk/router';
import { servedPaths } from './served-paths';

const PATHS = ['/', '/login', '/index', '/draft', '/material/:type', '/scriptDetail/:id?', '/docs/*', '/user/Info', 'notice', '/a.b'];

describe('servedPaths', () => {
  it('answers as matchPath over every path does, for static paths, parameters, optional segments and splats', () => {
    const served = servedPaths(PATHS);
    const urls = [
      '/',
      '/index',
      '/index/',
      '/INDEX',
      '/draft?tab=2',
      '/draft/1',
      '/material/0',
      '/material',
      '/material/0/1',
      '/scriptDetail',
      '/scriptDetail/7',
      '/docs/a/b',
      '/user/info',
      '/users',
      '/logi',
      '/rank',
      '',
      '//',
      'index',
      '/notice',
      '/notice/',
      '/a.b',
      '/axb',
    ];
    for (const url of urls) {
      const path = url.split('?')[0] ?? url;
      const expected = PATHS.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
      expect([url, served(url)]).toEqual([url, expected]);
    }
    expect(served('/index')).toBe(true);
    expect(served('/rank')).toBe(false);
    expect(served('/material/3')).toBe(true);
  });

  it('gives the same answer when asked again', () => {
    const served = servedPaths(PATHS);
    expect([served('/draft'), served('/draft'), served('/nowhere'), served('/nowhere')]).toEqual([true, true, false, false]);
  });
});
