// The pinned Nodes (node-versions/package.json) and the re-run of `npm test` / `npm start` under an
// unsupported Node (scripts/lib/node.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const nodeModule = pathToFileURL(path.join(root, 'scripts', 'lib', 'node.mjs')).href;
// By its address: the root scripts are not part of this package's typecheck.
const { OLDEST_SUPPORTED, pinnedNode, RERUN_MARK } = await import(nodeModule);
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

/**
 * Runs a script that calls runUnderSupportedNode as if the running Node were `running`; gives its exit and output.
 * @param {string} running
 */
function runScript(running) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinned-node-'));
  const script = path.join(dir, 'script.mjs');
  fs.writeFileSync(
    script,
    [
      `import { execFileSync } from 'node:child_process';`,
      `import { runUnderSupportedNode } from ${JSON.stringify(nodeModule)};`,
      `await runUnderSupportedNode({ running: ${JSON.stringify(running)} });`,
      `const onPath = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();`,
      `console.log(JSON.stringify({ version: process.version, onPath, args: process.argv.slice(2) }));`,
      `process.exit(3);`,
    ].join('\n'),
  );
  try {
    // Not marked as a re-run already, as it is when this test itself runs under `npm test` from an older Node.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== RERUN_MARK));
    const result = spawnSync(process.execPath, [script, 'one', 'two'], { encoding: 'utf8', env });
    const lines = result.stdout.trim().split('\n');
    const last = lines.at(-1) ?? '';
    return { status: result.status, said: lines.slice(0, -1), ran: last.startsWith('{') ? JSON.parse(last) : null };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the pinned Nodes', () => {
  it('are the oldest supported Node and a newer one on Linux x64 (none elsewhere), and package.json "engines" says the same', () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    assert.equal(engines.node, `>=${OLDEST_SUPPORTED}`);
    const oldest = pinnedNode('oldest');
    const current = pinnedNode('current');
    if (!linuxX64) {
      assert.deepEqual([oldest, current], [null, null], 'the binaries are skipped on other platforms');
      return;
    }
    assert.ok(oldest && current, 'node-versions/node_modules/node-oldest and node-current are installed');
    assert.equal(Number(oldest.version.split('.')[0]), OLDEST_SUPPORTED);
    assert.ok(Number(current.version.split('.')[0]) > OLDEST_SUPPORTED, current.version);
    for (const pinned of [oldest, current]) {
      assert.equal(spawnSync(pinned.bin, ['--version'], { encoding: 'utf8' }).stdout.trim(), `v${pinned.version}`);
    }
  });

  it('leave the root node_modules/.bin alone, so the Node that runs a package script is the one its caller chose', () => {
    assert.equal(fs.existsSync(path.join(root, 'node_modules', '.bin', 'node')), false);
  });
});

describe('a script under an unsupported Node', () => {
  it('runs again under the pinned current Node, with its arguments, that Node first on PATH and its exit code, saying so in one line (Linux x64; elsewhere it stops, saying why)', () => {
    const current = pinnedNode('current');
    const { status, said, ran } = runScript('20.19.0');
    if (!linuxX64) {
      assert.equal(status, 1);
      return;
    }
    assert.deepEqual(said, [`Node 20.19.0 is older than ${OLDEST_SUPPORTED}: running under the pinned Node ${current.version} (node-versions).`]);
    assert.deepEqual(ran, { version: `v${current.version}`, onPath: `v${current.version}`, args: ['one', 'two'] });
    assert.equal(status, 3);
  });

  it('runs as it is under a supported Node', () => {
    const { status, said, ran } = runScript(`${OLDEST_SUPPORTED}.0.0`);
    assert.deepEqual(said, []);
    assert.equal(ran.version, process.version);
    assert.equal(status, 3);
  });
});
