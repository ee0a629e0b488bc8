import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { RefusalError } from '../errors';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';
import { HOST, tempDir, writeBuild, type Cleanup } from '../testing/fixtures';
import { publish } from './publish';

async function setup(t: Cleanup) {
  const root = await tempDir(t);
  const store = new ReleaseStore(new FolderBlobStore(path.join(root, 'releases')));
  return { root, store, dist: path.join(root, 'dist') };
}

test('publishes a build into <remote>/<version>/ with integrity hashes and its shared versions', async (t) => {
  const { root, store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.2.0' });
  const release = await publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana', now: new Date('2026-01-02T03:04:05Z') });

  const folder = path.join(root, 'releases', 'mf-drafts', '1.2.0');
  const entry = await fs.readFile(path.join(folder, 'remoteEntry.js'));
  assert.equal(release.integrity['remoteEntry.js'], `sha384-${createHash('sha384').update(new Uint8Array(entry)).digest('base64')}`);
  for (const file of ['mf-manifest.json', 'remoteEntry.js', 'routes.json', 'static/js/DraftList.120abcdef12.js', 'static/css/DraftList.0badc0de.css']) {
    assert.match(release.integrity[file] ?? '', /^sha384-[A-Za-z0-9+/]{64}$/, file);
  }
  assert.equal(release.integrity['assets/logo.0badc0de.png'], undefined);
  assert.deepEqual(release.shared.react, { version: '19.3.1', requiredVersion: '^19.3.1' });
  assert.deepEqual(release.routes, [{ path: '/draft', module: './DraftList', title: '草稿箱' }]);
  assert.equal(release.createdAt, '2026-01-02T03:04:05.000Z');
  assert.deepEqual(JSON.parse(await fs.readFile(path.join(folder, 'release.json'), 'utf8')), release);
  assert.deepEqual(await store.listVersions('mf-drafts'), ['1.2.0']);
});

test('a second publish of the same version is refused and changes nothing', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.2.0' });
  await publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana' });
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), 'changed');
  await assert.rejects(
    publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'bo' }),
    /mf-drafts 1\.2\.0 is already published \(.* by ana\); releases are immutable/,
  );
  assert.notEqual((await store.blobs.get('mf-drafts/1.2.0/remoteEntry.js'))?.toString(), 'changed');
});

test('a build whose singletons the host cannot serve is refused, naming package and versions', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '2.0.0', required: { react: '^20.0.0', dayjs: '~1.12.0' } });
  await assert.rejects(publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana' }), (error) => {
    assert.ok(error instanceof RefusalError);
    assert.match(error.message, /react: the host provides 19\.3\.1 but mf-drafts 2\.0\.0 requires \^20\.0\.0/);
    assert.match(error.message, /dayjs: the host provides 1\.11\.23 but mf-drafts 2\.0\.0 requires ~1\.12\.0/);
    return true;
  });
  assert.deepEqual(await store.blobs.list('mf-drafts/'), []);
});

test('a singleton the host does not provide is refused', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.0.0' });
  const { antd: _antd, ...host } = HOST;
  await assert.rejects(
    publish(store, { remote: 'mf-drafts', distDir: dist, host, who: 'ana' }),
    /antd: mf-drafts 1\.0\.0 shares it as a singleton but the host does not provide it/,
  );
});

test('refuses an incomplete build, a foreign build, a bad or mismatching version', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.0.0', omit: ['static/js/DraftList.100abcdef12.js'] });
  const base = { distDir: dist, host: HOST, who: 'ana' };
  await assert.rejects(publish(store, { ...base, remote: 'mf-drafts' }), /incomplete; missing: static\/js\/DraftList\.100abcdef12\.js/);
  await assert.rejects(publish(store, { ...base, remote: 'mf-tools' }), /is a build of mf_drafts, not of mf-tools/);
  await assert.rejects(publish(store, { ...base, remote: 'mf-drafts', version: 'latest' }), /"latest" is not a semver version/);
  await assert.rejects(publish(store, { ...base, remote: 'mf-drafts', version: '1.0.1' }), /routes\.json\) but you asked to publish 1\.0\.1/);
  await assert.rejects(publish(store, { ...base, remote: 'Bad Name' }), /not a remote name/);
  await assert.rejects(
    publish(store, { ...base, remote: 'mf-drafts', distDir: path.join(dist, 'nope') }),
    /routes\.json: not found \(build the remote first\)/,
  );
});

test('a publish that stopped halfway completes when run again with the same build', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.0.0' });
  await store.blobs.create('mf-drafts/1.0.0/remoteEntry.js', await fs.readFile(path.join(dist, 'remoteEntry.js')), 'application/javascript');
  assert.equal(await store.readRelease('mf-drafts', '1.0.0'), null);
  const release = await publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana' });
  assert.equal(release.version, '1.0.0');
});

test('a half-published version with different content is not overwritten', async (t) => {
  const { store, dist } = await setup(t);
  await writeBuild(dist, { version: '1.0.0' });
  await store.blobs.create('mf-drafts/1.0.0/remoteEntry.js', Buffer.from('another build'), 'application/javascript');
  await assert.rejects(publish(store, { remote: 'mf-drafts', distDir: dist, host: HOST, who: 'ana' }), /already exists with different content/);
});
