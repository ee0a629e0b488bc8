import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import { tempDir, type Cleanup } from '../testing/fixtures';
import { findNginx, freePort, startNginx, writeMainConfig } from './nginx-harness';
import { renderNginxSite } from './render';
import { findAll, parseNginx, type Directive } from './structure';

const TEMPLATE = new URL('../../production/nginx-site.conf.template', import.meta.url);

async function render(t: Cleanup, options: { api: string[]; listen: string }) {
  const prefix = await tempDir(t);
  const releases = path.join(prefix, 'releases');
  const host = path.join(prefix, 'host');
  const site = renderNginxSite(await fs.readFile(TEMPLATE, 'utf8'), {
    apiServers: options.api,
    releasesRoot: releases,
    hostRoot: host,
    listen: options.listen,
    accessLog: path.join(prefix, 'access.log'),
  });
  const siteFile = path.join(prefix, 'site.conf');
  await fs.writeFile(siteFile, site);
  return { prefix, releases, host, site, siteFile };
}

const location = (server: Directive, arg: string) => server.children?.find((d) => d.name === 'location' && d.args.join(' ') === arg);
const header = (block: Directive | undefined) =>
  findAll(block?.children ?? [], 'add_header')
    .filter((d) => d.args[0] === 'Cache-Control')
    .map((d) => d.args[1]);

/** What the site must contain, checked on the parsed config (no nginx needed). */
function assertSiteStructure(site: string, api: string[]): void {
  assert.doesNotMatch(site, /\{\{/);
  const config = parseNginx(site);
  const [upstream] = findAll(config, 'upstream');
  assert.deepEqual(
    findAll(upstream?.children ?? [], 'server').map((s) => s.args[0]),
    api,
  );
  const [server] = findAll(config, 'server').filter((d) => d.children);
  assert.ok(server);
  assert.deepEqual(findAll([server], 'gzip')[0]?.args, ['on']);
  assert.deepEqual(findAll([server], 'gzip_static')[0]?.args, ['on']);
  assert.deepEqual(findAll(location(server, '~* \\.map(?:\\.gz|\\.br)?$')?.children ?? [], 'return')[0]?.args, ['404']);
  assert.ok(findAll([server], 'gzip_types')[0]?.args.includes('application/javascript'));
  const releaseFiles = server.children?.filter((d) => d.name === 'location' && d.args[1]?.startsWith('^/releases/')) ?? [];
  assert.deepEqual(releaseFiles.map(header), [['no-cache'], ['public, max-age=31536000, immutable']]);
  assert.match(releaseFiles[0]?.args[1] ?? '', /mf-manifest\|release\|routes/);
  assert.deepEqual(header(location(server, '= /api/runtime/rollout')), ['no-cache']);
  const privateManifests = location(server, '^~ /releases/manifests/');
  assert.deepEqual(findAll(privateManifests ? [privateManifests] : [], 'return')[0]?.args, ['404']);
}

test('the rendered site has N API replicas, gzip and the cache rules', async (t) => {
  const api = ['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000'];
  const { site } = await render(t, { api, listen: '80' });
  assertSiteStructure(site, api);
});

test('refuses values that would break the config', () => {
  const template = '{{API_SERVERS}} {{RELEASES_ROOT}} {{HOST_ROOT}}';
  const ok = { apiServers: ['a:1'], releasesRoot: '/srv/r', hostRoot: '/srv/h' };
  assert.throws(() => renderNginxSite(template, { ...ok, apiServers: [] }), /at least one --api/);
  assert.throws(() => renderNginxSite(template, { ...ok, apiServers: ['a:1; evil'] }), /expected host:port/);
  assert.throws(() => renderNginxSite(template, { ...ok, releasesRoot: 'relative' }), /absolute path/);
  assert.throws(() => renderNginxSite(template, { ...ok, hostRoot: '/srv/h; root /' }), /absolute path/);
});

test('the structure check catches a missing semicolon or brace', () => {
  assert.throws(() => parseNginx('server { listen 80 }'), /missing its ";"/);
  assert.throws(() => parseNginx('server { listen 80;'), /not closed/);
  assert.throws(() => parseNginx('}'), /unbalanced/);
});

/**
 * With an nginx binary: `nginx -t`, then a real run with one live and one dead API replica, checking
 * what a browser gets. Without one (apt-get install -y nginx-light), the parsed structure is checked.
 */
test('nginx accepts the config and serves it as intended (structure only without nginx)', async (t) => {
  const nginx = findNginx();
  const [port, livePort, deadPort] = [await freePort(), await freePort(), await freePort()];
  const api = [`127.0.0.1:${deadPort}`, `127.0.0.1:${livePort}`];
  const { prefix, releases, host, site, siteFile } = await render(t, { api, listen: `127.0.0.1:${port}` });
  if (!nginx) {
    t.diagnostic('no nginx binary: checked the parsed structure instead of nginx -t');
    assertSiteStructure(site, api);
    return;
  }
  const config = await writeMainConfig(prefix, siteFile);
  const check = spawnSync(nginx, ['-t', '-p', prefix, '-c', config, '-e', `${prefix}/error.log`], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stderr, /syntax is ok/);

  const fakeApi = http.createServer((req, res) => {
    res.setHeader('Cache-Control', 'max-age=600');
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('X-Seen-Request-Id', String(req.headers['x-request-id'] ?? ''));
    res.end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((resolve) => fakeApi.listen(livePort, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => fakeApi.close(() => resolve())));
  const version = path.join(releases, 'mf-drafts', '1.0.0');
  await fs.mkdir(path.join(version, 'static'), { recursive: true });
  await fs.writeFile(path.join(version, 'static', 'main.abcdef12.js'), 'console.log("draft list");\n'.repeat(200));
  await fs.writeFile(path.join(version, 'static', 'main.abcdef12.js.map'), '{"sources":["secret.ts"]}');
  // A precompressed twin is sent as it is (gzip_static): its marker proves nginx did not recompress.
  await fs.writeFile(path.join(version, 'static', 'twin.abcdef12.js'), 'console.log("plain");');
  await fs.writeFile(path.join(version, 'static', 'twin.abcdef12.js.gz'), gzipSync('console.log("from the twin");'));
  await fs.writeFile(path.join(version, 'mf-manifest.json'), '{}');
  await fs.mkdir(path.join(releases, 'manifests'), { recursive: true });
  await fs.writeFile(path.join(releases, 'manifests', 'production.json'), '{"pins":{"u1":"1.0.0"}}');
  await fs.mkdir(host, { recursive: true });
  await fs.writeFile(path.join(host, 'index.html'), '<!doctype html><title>host</title>');

  const server = await startNginx(nginx, prefix, config, port);
  t.after(() => void server.kill('SIGTERM'));
  const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'Accept-Encoding': 'gzip' } });

  const chunk = await get('/releases/mf-drafts/1.0.0/static/main.abcdef12.js');
  assert.equal(chunk.status, 200);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(chunk.headers.get('content-encoding'), 'gzip');
  assert.match(await chunk.text(), /draft list/);
  assert.equal((await get('/releases/mf-drafts/1.0.0/mf-manifest.json')).headers.get('cache-control'), 'no-cache');
  const twin = await get('/releases/mf-drafts/1.0.0/static/twin.abcdef12.js');
  assert.equal(twin.headers.get('content-encoding'), 'gzip');
  assert.match(await twin.text(), /from the twin/);
  assert.equal((await get('/releases/mf-drafts/1.0.0/static/main.abcdef12.js.map')).status, 404);
  const missing = await get('/releases/mf-drafts/9.9.9/remoteEntry.js');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), null, 'a missing file must not be cached for a year');
  assert.equal((await get('/releases/manifests/production.json')).status, 404);

  // The dead replica is skipped: every request lands on the live one.
  for (let i = 0; i < 4; i++) {
    const rollout = await get('/api/runtime/rollout');
    assert.equal(rollout.status, 200);
    assert.equal(rollout.headers.get('cache-control'), 'no-cache');
  }
  assert.deepEqual(await (await get('/api/runtime/config')).json(), { url: '/api/runtime/config' });
  // The server's other prefixes (login, the user host, the menu), the embedded storage and the probes
  // reach the replicas; the page routes stay the host's.
  for (const url of [
    '/login/admin/login',
    '/service/userban/getUserBanInfo',
    '/admin/account/rolePermissionList',
    '/oss/creator/image/a.png',
    '/healthz',
    '/readyz',
  ]) {
    assert.deepEqual(await (await get(url)).json(), { url }, url);
  }
  // Each request reaches the replica with nginx's id (a client's own is replaced), and the access log names it.
  const traced = await fetch(`http://127.0.0.1:${port}/api/runtime/config`, { headers: { 'X-Request-Id': 'forged-by-the-client' } });
  const requestId = traced.headers.get('x-seen-request-id') ?? '';
  assert.match(requestId, /^[0-9a-f]{32}$/);
  let accessLog = '';
  for (let i = 0; i < 50 && !accessLog.includes(`rid=${requestId}`); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    accessLog = await fs.readFile(path.join(prefix, 'access.log'), 'utf8');
  }
  assert.match(accessLog, new RegExp(`"GET /api/runtime/config HTTP/1.1" 200 .* rid=${requestId}`));
  assert.equal((await get('/metrics')).status, 404, "the replicas' metrics are never served to the public");
  const page = await get('/material/add');
  assert.match(await page.text(), /<title>host<\/title>/);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
});
