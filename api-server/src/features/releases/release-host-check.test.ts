/**
 * A host release re-checks the released remotes: the release API's check-host call (the new host's
 * mf-manifest.json against every remote version released on the server's environment), through the
 * deploy command line too, and the warning the server logs at start-up for a released version the
 * host it serves cannot run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, operations, publish } from 'deploy';
import { runCli } from 'deploy/cli';
import { HOST, writeBuild } from 'deploy/testing';
import { ApiCode, type ApiEnvelope } from 'shared-sdk/contract';
import { addTestOperator, signInOperator } from '../../testing/operators';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { HOST_BREAK_WARNING } from './host-compat';

interface HostCheck {
  env: string;
  checked: number;
  breaks: { remote: string; version: string; roles: string[]; problems: string[] }[];
  unchecked: string[];
}

/** A host build's shared list, modules one by one as its mf-manifest.json lists them. */
const hostShared = (provides: Record<string, string>) => Object.entries(provides).map(([name, version]) => ({ name, version, singleton: true }));

describe('a host release re-checks the released remotes', () => {
  const lines: string[] = [];
  const web = tempDir('host-check-web');
  const releases = tempDir('host-check-store');
  const builds = tempDir('host-check-builds');
  const tokens: Record<string, string> = {};

  const call = async (token: string, payload: Record<string, unknown>, url = '/api/operator/releases/check-host') => {
    const response = await harness.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    return { status: response.statusCode, body: response.json() as ApiEnvelope<HostCheck> };
  };

  before(async () => {
    // The host this server serves provides the fixtures' versions; mf-tools 1.0.0 is released for
    // it, mf-editor 2.0.0 was built for (and published against) a React 20 host.
    await writeBuild(path.join(web.dir, 'host-shell', 'dist'), { name: 'host_shell', version: '1.0.0' });
    const store = new ReleaseStore(new FolderBlobStore(releases.dir));
    const ctx = { store, env: 'production', who: 'ana' };
    const react20 = { ...HOST, react: '20.0.0', 'react-dom': '20.0.0' };
    const released: [string, string, Record<string, string>, typeof HOST][] = [
      ['mf-tools', '1.0.0', {}, HOST],
      ['mf-editor', '2.0.0', { react: '^20.0.0', 'react-dom': '^20.0.0' }, react20],
    ];
    for (const [remote, version, required, host] of released) {
      const dist = await writeBuild(path.join(builds.dir, `${remote}-${version}`), { name: remote, version, required });
      await publish(store, { remote, distDir: dist, host, who: 'ana' });
      await operations.promote(ctx, remote, version);
    }
  });
  const harness = setUpTestApp({
    overrides: { webRoot: web.dir, releasesDir: releases.dir, releaseEnv: 'production', logLevel: 'warn' },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
    cleanUp: [web.remove, releases.remove, builds.remove],
  });
  before(async () => {
    const { db } = harness.database;
    for (const role of ['admin', 'release_manager', 'viewer']) tokens[role] = await signInOperator(harness.app, db, await addTestOperator(db, role));
    const manager = await addTestOperator(db, 'release_manager');
    tokens.toolsManager = await signInOperator(harness.app, db, manager);
    const scoped = await call(
      tokens.admin!,
      { id: manager.id, remotes: ['mf-tools'], envs: ['production'], reason: 'tools team' },
      '/api/operator/operators/release-scope',
    );
    assert.equal(scoped.body.code, 0, scoped.body.msg);
    const ci = await call(tokens.admin!, { name: 'tools-ci', remote: 'mf-tools', env: 'production' }, '/api/operator/release-tokens/create');
    tokens.ci = (ci.body.data as unknown as { token: string }).token;
  });

  it('logs at start-up each released remote version the host it serves cannot run', async () => {
    // Start-up waits 5 s at most for the check; on a loaded machine it may finish just after.
    for (let i = 0; i < 100 && !lines.some((line) => line.includes(HOST_BREAK_WARNING)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const warnings = lines
      .map((line) => JSON.parse(line) as { msg: string; remote?: string; version?: string })
      .filter((l) => l.msg.startsWith(HOST_BREAK_WARNING));
    assert.deepEqual(
      warnings.map((w) => [w.remote, w.version]),
      [['mf-editor', '2.0.0']],
    );
    assert.match(warnings[0]!.msg, /mf-editor 2\.0\.0 \(stable\): react: the host provides 19\.3\.1 but mf-editor 2\.0\.0 requires \^20\.0\.0/);
  });

  it('answers which released versions a new host would break: a module it lacks, a major bump', async () => {
    const current = await call(tokens.admin!, { shared: hostShared({ ...HOST, 'shared-sdk/router': '1.0.0', 'antd/es/button': HOST.antd! }) });
    assert.equal(current.body.code, 0, current.body.msg);
    assert.deepEqual(
      current.body.data.breaks.map((b) => `${b.remote} ${b.version} ${b.roles.join(',')}`),
      ['mf-editor 2.0.0 stable'],
    );
    assert.deepEqual([current.body.data.env, current.body.data.checked, current.body.data.unchecked], ['production', 2, []]);

    // A React 20 host: mf-editor runs on it, mf-tools (built for 19) does not.
    const bumped = await call(tokens.admin!, { shared: hostShared({ ...HOST, react: '20.1.0', 'react-dom': '20.1.0', 'antd/es/button': HOST.antd! }) });
    assert.deepEqual(
      bumped.body.data.breaks.map((b) => [b.remote, b.version, b.problems]),
      [
        [
          'mf-tools',
          '1.0.0',
          [
            'react: the host provides 20.1.0 but mf-tools 1.0.0 requires ^19.3.1 (built with 19.3.1)',
            'react-dom: the host provides 20.1.0 but mf-tools 1.0.0 requires ^19.3.1 (built with 19.3.1)',
          ],
        ],
      ],
    );
    // A host build without shared-sdk at all.
    const { 'shared-sdk': _sdk, ...noSdk } = HOST;
    const lacking = await call(tokens.admin!, { shared: hostShared({ ...noSdk, react: '20.0.0', 'react-dom': '20.0.0' }) });
    assert.deepEqual(
      lacking.body.data.breaks.map((b) => b.problems.filter((p) => p.startsWith('shared-sdk')).join()),
      [
        'shared-sdk: mf-editor 2.0.0 shares it as a singleton but the host does not provide it',
        'shared-sdk: mf-tools 1.0.0 shares it as a singleton but the host does not provide it',
      ],
    );
  });

  it('keeps a release manager to its scope and refuses CI tokens and other roles', async () => {
    const body = { shared: hostShared({ ...HOST, react: '20.1.0', 'react-dom': '20.1.0' }) };
    const scoped = await call(tokens.toolsManager!, body);
    assert.equal(scoped.body.code, 0, scoped.body.msg);
    assert.equal(scoped.body.data.checked, 1);
    assert.deepEqual(
      scoped.body.data.breaks.map((b) => b.remote),
      ['mf-tools'],
    );
    assert.ok(scoped.body.data.unchecked.includes('mf-editor') && !scoped.body.data.unchecked.includes('mf-tools'));
    assert.equal((await call(tokens.release_manager!, body)).status, 403, 'a release manager without a scope');
    assert.equal((await call(tokens.viewer!, body)).status, 403);
    const ci = await call(tokens.ci!, body);
    assert.deepEqual([ci.status, ci.body.code], [403, ApiCode.FORBIDDEN]);
    assert.equal((await call(tokens.admin!, { shared: 'all' })).body.code, ApiCode.INVALID_PARAMS);
  });

  it('runs deploy check-host --server against the listening server, exit 1 naming each broken version', async () => {
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    const hostDir = path.join(builds.dir, 'new-host');
    await fs.mkdir(hostDir, { recursive: true });
    const deploy = async (shared: Record<string, string>, token = tokens.admin!) => {
      await fs.writeFile(path.join(hostDir, 'mf-manifest.json'), JSON.stringify({ name: 'host_shell', shared: hostShared(shared), exposes: [] }));
      const out: string[] = [];
      const err: string[] = [];
      const argv = ['check-host', '--host', hostDir, '--server', server, '--token', token];
      const code = await runCli(argv, { cwd: builds.dir, repoRoot: builds.dir, user: 'ana', out: (l) => out.push(l) }, (l) => err.push(l));
      return { code, out, err: err.join('\n') };
    };
    const bumped = await deploy({ ...HOST, react: '20.1.0', 'react-dom': '20.1.0' });
    assert.equal(bumped.code, 1, bumped.err);
    assert.deepEqual(bumped.out, [
      'mf-tools 1.0.0 (stable): react: the host provides 20.1.0 but mf-tools 1.0.0 requires ^19.3.1 (built with 19.3.1); react-dom: the host provides 20.1.0 but mf-tools 1.0.0 requires ^19.3.1 (built with 19.3.1)',
      `the new host would break 1 of 2 released versions on production on ${server}: release those remotes for it first, or keep the host`,
    ]);
    const ci = await deploy(HOST, tokens.ci!);
    assert.equal(ci.code, 2);
    assert.match(ci.err, /the server refused \(code 1003, HTTP 403\)/);
  });
});
