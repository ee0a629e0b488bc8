import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hostShares, sharedSingletons } from './rspack-shared.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const hostDir = path.join(root, 'host-shell');
const antdVersion = createRequire(path.join(hostDir, 'package.json'))('antd/package.json').version;

describe("the host's shares", () => {
  const { consumed, provided } = hostShares(hostDir);
  const remote = sharedSingletons(path.join(root, 'mf-drafts'), 'remote');

  it('provides without consuming exactly what remotes take only from the host (import: false)', () => {
    const hostOnly = Object.keys(remote).filter((key) => remote[key]?.import === false);
    assert.deepEqual(Object.keys(provided).sort(), hostOnly.sort());
    assert.ok(provided['antd/es/button'] && provided['shared-sdk/router'] && provided['shared-sdk/contract']);
    for (const key of hostOnly) assert.equal(consumed[key], undefined, `${key} is also consumed`);
  });

  it("gives each provided module its package's installed version, as one singleton", () => {
    assert.deepEqual(provided['antd/es/button'], {
      shareKey: 'antd/es/button',
      version: antdVersion,
      singleton: true,
      requiredVersion: sharedSingletons(hostDir, 'host')['antd/es/button']?.requiredVersion,
      strictVersion: false,
      eager: false,
    });
  });

  it('still consumes what a remote may bring a copy of (React, the SDK, the icons)', () => {
    for (const key of ['react', 'react-dom', 'shared-sdk', '@ant-design/icons/']) assert.ok(consumed[key], key);
  });
});
