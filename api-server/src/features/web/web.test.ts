/** Static host, SPA fallback, JSON 404s, remotes list and the 5xx policy, on a fake web root. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ApiCode, type RemotesList, type RuntimeConfig } from 'shared-sdk/contract';
import { buildApp } from '../../app';
import { setUpTestApp, tempDir, testConfig } from '../../testing/test-app';
import { body } from '../../testing/signed';
import { devServerRemoteSource } from '../runtime/remote-source';

const ROUTES = { name: 'mf_materials', version: '1.2.3', routes: [{ path: '/material/:myset', module: './MaterialList', title: '素材' }] };

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

describe('web: host, remotes and not-found answers', () => {
  const web = tempDir('creator-web');

  before(async () => {
    writeFiles(web.dir, {
      'host-shell/dist/index.html': '<!doctype html><title>host</title>',
      'host-shell/dist/static/js/main.1a2b3c4d.js': 'console.log(1)',
      'mf-materials/dist/mf-manifest.json': '{"id":"mf_materials"}',
      'mf-materials/dist/routes.json': JSON.stringify(ROUTES),
      'mf-materials/dist/remoteEntry.js': 'var x',
      'mf-materials/dist/static/js/async/list.9f8e7d6c.js': 'var y',
      // A broken build must not take the list down.
      'mf-tools/dist/routes.json': '{ not json',
    });
  });
  const harness = setUpTestApp({ overrides: { webRoot: web.dir, customerServiceUrl: 'https://kf.example/chat' }, cleanUp: [web.remove] });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') => harness.app.inject({ method: 'GET', url, headers: { accept } });

  it('answers unknown server paths with a JSON 404, never the page', async () => {
    for (const url of ['/api/nope', '/api/user/unknownCall?x=1', '/login/admin/nope', '/service/nope', '/admin/nope', '/remotes/mf-materials/nope.js']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.match(String(response.headers['content-type']), /application\/json/, url);
      assert.equal(body(response).code, ApiCode.NOT_FOUND, url);
    }
    assert.deepEqual(body(await get('/api/nope')), { code: ApiCode.NOT_FOUND, msg: '接口不存在', data: null });
  });

  it('serves index.html, uncached, for client routes', async () => {
    for (const url of ['/', '/index', '/material/0', '/tools/job/add?x=1', '/some/unknown/page']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<title>host<\/title>/, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  it('does not fall back for files, non-GET requests or callers that do not want HTML', async () => {
    assert.equal((await get('/static/js/missing.js')).statusCode, 404);
    assert.equal((await get('/index', 'application/json')).statusCode, 404);
    assert.equal((await harness.app.inject({ method: 'POST', url: '/index', headers: { accept: 'text/html' } })).statusCode, 404);
  });

  it('caches hashed files for a year and entry files not at all', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    assert.equal((await get('/static/js/main.1a2b3c4d.js', '*/*')).headers['cache-control'], immutable);
    assert.equal((await get('/remotes/mf-materials/static/js/async/list.9f8e7d6c.js', '*/*')).headers['cache-control'], immutable);
    for (const file of ['mf-manifest.json', 'routes.json', 'remoteEntry.js']) {
      const response = await get(`/remotes/mf-materials/${file}`, '*/*');
      assert.equal(response.statusCode, 200, file);
      assert.equal(response.headers['cache-control'], 'no-cache', file);
    }
  });

  it('lists the built remotes and leaves out missing or broken ones', async () => {
    const answer = body<RemotesList>(await get('/api/runtime/remotes', 'application/json'));
    assert.equal(answer.code, ApiCode.OK);
    assert.deepEqual(answer.data.remotes, [{ ...ROUTES, manifestUrl: '/remotes/mf-materials/mf-manifest.json' }]);
  });

  it('serves the runtime configuration unsigned', async () => {
    const answer = body<RuntimeConfig>(await get('/api/runtime/config', 'application/json'));
    assert.equal(answer.code, ApiCode.OK);
    assert.deepEqual(answer.data.hosts, { main: '', newspaper: '', user: '', analytics: '' });
    assert.equal(answer.data.appId, 'test-app');
    assert.equal(answer.data.customerServiceUrl, 'https://kf.example/chat');
    assert.deepEqual(answer.data.env, { name: 'development', production: false });
  });

  it('points at the dev servers when asked, leaving out those not running', async () => {
    const fetched: string[] = [];
    const source = devServerRemoteSource(harness.app.log, async (url) => {
      fetched.push(url);
      if (url === 'http://localhost:3001/routes.json') return ROUTES;
      throw new Error('connection refused');
    });
    assert.deepEqual(await source.list(), [{ ...ROUTES, manifestUrl: 'http://localhost:3001/mf-manifest.json' }]);
    assert.deepEqual(
      fetched.sort(),
      [3001, 3002, 3003, 3004, 3005, 3006].map((port) => `http://localhost:${port}/routes.json`),
    );
  });

  it('hides the details of unexpected errors', async () => {
    const failing = await buildApp(testConfig({ webRoot: web.dir }), { database: harness.database, logger: false });
    failing.get('/api/runtime/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const response = await failing.inject({ method: 'GET', url: '/api/runtime/boom' });
    await failing.close();
    assert.equal(response.statusCode, 500);
    assert.deepEqual(body(response), { code: ApiCode.SERVER_ERROR, msg: '服务器内部错误', data: null });
  });
});
