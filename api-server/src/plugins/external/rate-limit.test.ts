import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontEndFile } from './rate-limit';

describe('rate limit: what is counted', () => {
  it("does not count the built front end's files, which one page load fetches by the hundred", () => {
    for (const url of [
      '/8435.f5614525.js',
      '/main.31c16dd8.js',
      '/styles.css',
      '/remotes/mf-drafts/remoteEntry.js',
      '/releases/mf-drafts/1.0.0-b27ec827e/mf-manifest.json',
      '/releases/mf-tools/1.1.0/__federation_expose_Rank.8a1b.js?v=1',
      '/index.html',
      '/favicon.ico',
    ]) {
      assert.equal(isFrontEndFile({ method: 'GET', url }), true, url);
    }
  });

  it('counts every call, stored user file, page route and anything not fetched', () => {
    for (const url of [
      '/api/material/list',
      '/api/runtime/config',
      '/login/admin/login',
      '/service/userban/getUserBanInfo?token=x',
      '/oss/creator/image/20261123/u1/0123456789abcdef0123456789abcdef.png',
      '/draft',
      '/admin/x.json',
      '/operator/manuscript/review',
    ]) {
      assert.equal(isFrontEndFile({ method: 'GET', url }), false, url);
    }
    assert.equal(isFrontEndFile({ method: 'POST', url: '/main.31c16dd8.js' }), false);
  });
});
