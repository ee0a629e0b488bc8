import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { tempDir } from '../testing/fixtures';
import { defaultHostSource, loadHostProvides } from './host-provides';

test('reads the host versions from its package.json, resolving workspace packages', async (t) => {
  const repo = await tempDir(t);
  await fs.mkdir(path.join(repo, 'host-shell'));
  await fs.mkdir(path.join(repo, 'shared-sdk'));
  await fs.writeFile(
    path.join(repo, 'host-shell', 'package.json'),
    JSON.stringify({ dependencies: { react: '19.3.1', dayjs: '^1.11.23', 'shared-sdk': 'workspace:*', lodash: '4.0.0' } }),
  );
  await fs.writeFile(path.join(repo, 'shared-sdk', 'package.json'), JSON.stringify({ name: 'shared-sdk', version: '1.4.0' }));
  assert.equal(defaultHostSource(repo), path.join(repo, 'host-shell', 'package.json'));
  assert.deepEqual(await loadHostProvides(defaultHostSource(repo)), { react: '19.3.1', dayjs: '1.11.23', 'shared-sdk': '1.4.0' });
});

test("reads a version the workspace catalog pins from the host's installed copy", async (t) => {
  const repo = await tempDir(t);
  await fs.mkdir(path.join(repo, 'host-shell', 'node_modules', 'antd'), { recursive: true });
  await fs.writeFile(path.join(repo, 'host-shell', 'package.json'), JSON.stringify({ dependencies: { antd: 'catalog:' } }));
  await fs.writeFile(path.join(repo, 'host-shell', 'node_modules', 'antd', 'package.json'), JSON.stringify({ name: 'antd', version: '6.6.8' }));
  assert.deepEqual(await loadHostProvides(path.join(repo, 'host-shell', 'package.json')), { antd: '6.6.8' });
});

test('prefers the host build: the versions in its mf-manifest.json are what runs', async (t) => {
  const repo = await tempDir(t);
  const dist = path.join(repo, 'host-shell', 'dist');
  await fs.mkdir(dist, { recursive: true });
  await fs.writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ shared: [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1' }] }));
  assert.equal(defaultHostSource(repo), path.join(dist, 'mf-manifest.json'));
  assert.deepEqual(await loadHostProvides(dist), { react: '19.3.1' });
  await assert.rejects(loadHostProvides(path.join(repo, 'nowhere')), /does not exist/);
});
