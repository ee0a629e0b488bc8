import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readMfManifest } from './federation-manifest';

test('keeps the shared modules a remote takes only from the host, so the gate can check them', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-manifest-'));
  const file = path.join(dir, 'mf-manifest.json');
  await fs.writeFile(
    file,
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [
        { name: 'react', version: '19.3.1', requiredVersion: '19.3.1', assets: { js: { sync: ['react.js'] } } },
        { name: 'antd/es/table', version: '', requiredVersion: '6.6.8' },
        { name: 'shared-sdk/router', version: '', requiredVersion: '^1.0.0' },
        { name: 'nameless-version', version: '', requiredVersion: false },
      ],
      exposes: [{ assets: { js: { sync: ['screen.js'] } } }],
    }),
  );
  try {
    const summary = await readMfManifest(file);
    assert.equal(summary.remoteEntry, 'remoteEntry.js');
    assert.deepEqual(summary.shared, {
      react: { version: '19.3.1', requiredVersion: '19.3.1' },
      'antd/es/table': { version: '', requiredVersion: '6.6.8' },
      'shared-sdk/router': { version: '', requiredVersion: '^1.0.0' },
    });
    assert.deepEqual(summary.referenced.sort(), ['react.js', 'screen.js']);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
