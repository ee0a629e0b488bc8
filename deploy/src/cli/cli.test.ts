import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { HOST, tempDir, writeBuild, type Cleanup } from '../testing/fixtures';
import { parse } from './options';
import { runCli } from './run';

/** A repo with a host package.json and a store, and a `deploy` that returns code and output. */
async function workspace(t: Cleanup) {
  const repo = await tempDir(t);
  await fs.writeFile(path.join(repo, 'pnpm-workspace.yaml'), 'packages: []\n');
  await fs.mkdir(path.join(repo, 'host-shell'));
  const { 'shared-sdk': _sdk, ...deps } = HOST;
  await fs.writeFile(path.join(repo, 'host-shell', 'package.json'), JSON.stringify({ dependencies: { ...deps, 'shared-sdk': '1.0.0' } }));
  const deploy = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { cwd: repo, repoRoot: repo, user: 'ana', out: (l) => out.push(l) }, (l) => err.push(l));
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  return { repo, deploy };
}

test('a team takes a remote from build to 10 % canary, 100 %, stable, and back', async (t) => {
  const { repo, deploy } = await workspace(t);
  await writeBuild(path.join(repo, 'mf-drafts', 'dist'), { version: '1.0.0' });
  assert.equal((await deploy('publish', 'mf-drafts')).code, 0);
  assert.equal((await deploy('promote', 'mf-drafts', '--version', '1.0.0')).code, 0);

  await fs.rm(path.join(repo, 'mf-drafts', 'dist'), { recursive: true });
  await writeBuild(path.join(repo, 'mf-drafts', 'dist'), { version: '1.1.0' });
  const published = await deploy('publish', 'mf-drafts');
  assert.match(published.out, /published mf-drafts 1\.1\.0: 6 files in .*releases\/mf-drafts\/1\.1\.0\//);
  assert.match((await deploy('canary', 'mf-drafts', '1.1.0', '--percent', '10')).out, /on canary for 10 % of production users/);

  await fs.mkdir(path.join(repo, '.data', 'releases', 'stats'), { recursive: true });
  await fs.writeFile(
    path.join(repo, '.data', 'releases', 'stats', 'production.json'),
    JSON.stringify({
      'mf-drafts': {
        '1.1.0': { loads: 50, failures: 1, errorSessions: 1, vitals: { LCP: { views: 40, poor: 1 } } },
        '1.0.0': { loads: 500, failures: 5, errorSessions: 10, vitals: { LCP: { views: 400, poor: 8 }, INP: { views: 250, poor: 0 } } },
        '0.9.0': { loads: 20, failures: 0 },
      },
    }),
  );
  const status = await deploy('status');
  assert.match(status.out, /production \(revision 2\)/);
  assert.match(status.out, /mf-drafts\s+1\.0\.0\s+1\.1\.0\s+10\s+500 \(1\.0 % failed\)\s+50 \(2\.0 % failed\)\s+0/);
  // Field vitals beside loads and errors, per version: stable, the canary, then the others.
  const perVersion = status.out.split('\n').slice(-4);
  assert.match(perVersion[0] ?? '', /^remote\s+version\s+role\s+loads\s+failed\s+error sessions\s+poor LCP\s+poor INP$/);
  assert.match(perVersion[1] ?? '', /^mf-drafts\s+1\.0\.0\s+stable\s+500\s+1\.0 %\s+2\.0 %\s+2\.0 % of 400\s+0\.0 % of 250$/);
  assert.match(perVersion[2] ?? '', /^mf-drafts\s+1\.1\.0\s+canary\s+50\s+2\.0 %\s+2\.0 %\s+2\.5 % of 40\s+-$/);
  assert.match(perVersion[3] ?? '', /^mf-drafts\s+0\.9\.0\s+-\s+20\s+0\.0 %\s+-\s+-\s+-$/);
  assert.match((await deploy('auto-rollback')).out, /mf-drafts 1\.1\.0: kept — canary failure rate 2\.0 %/);

  assert.equal((await deploy('canary', 'mf-drafts', '1.1.0', '--percent', '100')).code, 0);
  assert.match((await deploy('promote', 'mf-drafts')).out, /mf-drafts 1\.1\.0 is stable on production/);
  assert.match((await deploy('rollback', 'mf-drafts', '--reason', 'upload broken')).out, /rolled back from 1\.1\.0 to 1\.0\.0/);

  const history = (await deploy('history', 'mf-drafts')).out.split('\n');
  assert.equal(history.length, 5);
  assert.match(history[4] ?? '', /ana\s+rollback\s+1\.1\.0 → 1\.0\.0\s+upload broken/);
});

test('a canary with a step plan starts at its first step in the store folder; a bad plan is refused', async (t) => {
  const { repo, deploy } = await workspace(t);
  await writeBuild(path.join(repo, 'mf-drafts', 'dist'), { version: '1.0.0' });
  assert.equal((await deploy('publish', 'mf-drafts')).code, 0);
  assert.equal((await deploy('promote', 'mf-drafts', '--version', '1.0.0')).code, 0);
  await fs.rm(path.join(repo, 'mf-drafts', 'dist'), { recursive: true });
  await writeBuild(path.join(repo, 'mf-drafts', 'dist'), { version: '1.1.0' });
  assert.equal((await deploy('publish', 'mf-drafts')).code, 0);
  const bad = await deploy('canary', 'mf-drafts', '1.1.0', '--steps', '5,50');
  assert.deepEqual([bad.code, /--steps must end at 100/.test(bad.err)], [2, true]);
  const started = await deploy('canary', 'mf-drafts', '1.1.0', '--steps', '5,25,50,100', '--pause-minutes', '10', '--watch-minutes', '60');
  assert.equal(started.code, 0, started.err);
  assert.match(started.out, /on canary for 5 % of production users \(step plan 5 → 25 → 50 → 100 %, at least 10 min per step\)/);
  const manifests = path.join(repo, '.data', 'releases', 'manifests', 'production');
  const latest = (await fs.readdir(manifests)).sort().at(-1)!;
  const manifest = JSON.parse(await fs.readFile(path.join(manifests, latest), 'utf8')) as {
    remotes: Record<string, { canary?: { percent: number; plan?: object } }>;
  };
  const canary = manifest.remotes['mf-drafts']?.canary;
  assert.equal(canary?.percent, 5);
  assert.deepEqual((({ stepStartedAt: _at, ...plan }) => plan)(canary?.plan as { stepStartedAt: string }), {
    steps: [5, 25, 50, 100],
    pauseMinutes: 10,
    watchMinutes: 60,
    step: 0,
    stepStartLoads: 0,
  });
});

test('refusals exit with 2 and say why', async (t) => {
  const { repo, deploy } = await workspace(t);
  const cases: [string[], RegExp][] = [
    [['canary', 'mf-drafts', '9.9.9', '--percent', '10'], /mf-drafts 9\.9\.9 is not published; publish it first/],
    [['canary', 'mf-drafts', '1.0.0'], /--percent is required/],
    [['canary', 'mf-drafts', '1.0.0', '--percent', 'ten'], /--percent must be a number/],
    [['promote', 'mf-drafts'], /mf-drafts has no canary to promote/],
    [['rollback', 'mf-drafts'], /no canary and no previous stable/],
    [['pin', 'mf-drafts', '1.0.0'], /is not published|--user is required/],
    [['status', '--env', 'Prod!'], /"Prod!" is not an environment name/],
    [['status', '--percent', '3'], /status does not take --percent/],
    [['history'], /usage: deploy history <remote>/],
    [['launch'], /unknown verb "launch"/],
    [['status', '--bogus'], /Unknown option '--bogus'/],
    [['publish', 'mf-drafts'], /routes\.json: not found \(build the remote first\)/],
    // The folder mode keeps no record of a publish: a reason given there would be lost, so it is refused.
    [['publish', 'mf-drafts', '--reason', 'build 9'], /--reason: the folder mode keeps no record of a publish/],
    [['qa', 'mf-drafts'], /exactly one of --add ID or --remove ID/],
  ];
  for (const [argv, message] of cases) {
    const result = await deploy(...argv);
    assert.equal(result.code, 2, argv.join(' '));
    assert.match(result.err, message, argv.join(' '));
  }
  await writeBuild(path.join(repo, 'mf-drafts', 'dist'), { version: '1.0.0', required: { 'shared-sdk': '^2.0.0' } });
  const incompatible = await deploy('publish', 'mf-drafts');
  assert.equal(incompatible.code, 2);
  assert.match(incompatible.err, /shared-sdk: the host provides 1\.0\.0 but mf-drafts 1\.0\.0 requires \^2\.0\.0/);
});

test('--store, --env and --who choose where and as whom', async (t) => {
  const { repo, deploy } = await workspace(t);
  const dist = path.join(repo, 'build-out');
  await writeBuild(dist, { version: '2.0.0', name: 'mf-tools' });
  assert.equal((await deploy('publish', 'mf-tools', '--dist', 'build-out', '--store', 'elsewhere')).code, 0);
  assert.equal((await deploy('promote', 'mf-tools', '--version', '2.0.0', '--store', 'elsewhere', '--env', 'staging', '--who', 'ci-bot')).code, 0);
  const manifest = JSON.parse(await fs.readFile(path.join(repo, 'elsewhere', 'manifests', 'staging.json'), 'utf8'));
  assert.equal(manifest.remotes['mf-tools'].stable.version, '2.0.0');
  assert.equal(manifest.remotes['mf-tools'].history[0].who, 'ci-bot');
  assert.match((await deploy('status', '--store', 'elsewhere')).out, /production: no remote rolled out yet/);
});

test('the installed bin runs the CLI and exits with 2 on a refusal', async (t) => {
  const { repo } = await workspace(t);
  const bin = path.resolve('bin/deploy.js');
  const run = promisify(execFile);
  const ok = await run(process.execPath, [bin, 'status'], { cwd: repo, env: { ...process.env, INIT_CWD: repo } });
  assert.match(ok.stdout, /production: no remote rolled out yet/);
  await assert.rejects(
    run(process.execPath, [bin, 'promote', 'mf-drafts'], { cwd: repo, env: { ...process.env, INIT_CWD: repo } }),
    (error: NodeJS.ErrnoException & { code: number; stderr: string }) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /refused: mf-drafts has no canary to promote/);
      return true;
    },
  );
});

/** A remote's build in `<repo>/<remote>/dist`, optionally taking more modules from the host only (no version of its own). */
async function buildRemote(repo: string, remote: string, version: string, takes: string[] = []): Promise<void> {
  const dist = path.join(repo, remote, 'dist');
  await fs.rm(dist, { recursive: true, force: true });
  await writeBuild(dist, { name: remote, version });
  const file = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as { shared: object[] };
  for (const name of takes) manifest.shared.push({ name, version: '', singleton: true, requiredVersion: '^1.0.0', assets: {} });
  await fs.writeFile(file, JSON.stringify(manifest));
}

/** A host build's folder whose mf-manifest.json shares these modules (as a host build lists them: modules one by one). */
async function hostBuild(repo: string, name: string, shared: Record<string, string>): Promise<string> {
  const dir = path.join(repo, name);
  await fs.mkdir(dir, { recursive: true });
  const list = Object.entries(shared).map(([pkg, version]) => ({ name: pkg, version, singleton: true, requiredVersion: `^${version}`, assets: {} }));
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'host_shell', metaData: {}, shared: list, exposes: [] }));
  return dir;
}

test('check-host lists every released version a new host would break, one line each, and exits 1', async (t) => {
  const { repo, deploy } = await workspace(t);
  const ok = (result: { code: number; err: string }) => assert.equal(result.code, 0, result.err);
  // mf-drafts: stable 1.0.0 takes shared-sdk/router from the host; canary 1.1.0 does not.
  await buildRemote(repo, 'mf-drafts', '1.0.0', ['shared-sdk/router']);
  ok(await deploy('publish', 'mf-drafts'));
  ok(await deploy('promote', 'mf-drafts', '--version', '1.0.0'));
  await buildRemote(repo, 'mf-drafts', '1.1.0');
  ok(await deploy('publish', 'mf-drafts'));
  ok(await deploy('canary', 'mf-drafts', '1.1.0', '--percent', '10'));
  // mf-tools: stable 2.1.0, previous stable 2.0.0 (a user pinned to it).
  for (const version of ['2.0.0', '2.1.0']) {
    await buildRemote(repo, 'mf-tools', version);
    ok(await deploy('publish', 'mf-tools'));
    ok(await deploy('promote', 'mf-tools', '--version', version));
  }
  ok(await deploy('pin', 'mf-tools', '2.0.0', '--user', '7', '--reason', 'repro 12'));
  // The reason is kept in the history, as for every step.
  assert.match((await deploy('history', 'mf-tools')).out, /pin\s.*2\.0\.0.*repro 12/);

  const modules = { ...HOST, 'antd/es/button': HOST.antd!, 'shared-sdk/router': '1.0.0' };
  const fine = await deploy('check-host', '--host', await hostBuild(repo, 'host-fine', modules));
  assert.deepEqual([fine.code, fine.out], [0, 'all 4 released versions on production run on the new host']);

  // A new host that no longer provides a module a released remote takes from it.
  const { 'shared-sdk/router': _router, ...withoutRouter } = modules;
  const lacking = await deploy('check-host', '--host', path.join(await hostBuild(repo, 'host-lacking', withoutRouter), 'mf-manifest.json'));
  assert.equal(lacking.code, 1);
  assert.deepEqual(lacking.out.split('\n'), [
    'mf-drafts 1.0.0 (stable): shared-sdk: mf-drafts 1.0.0 takes shared-sdk/router from the host, which does not provide it',
    'the new host would break 1 of 4 released versions on production: release those remotes for it first, or keep the host',
  ]);

  // A major bump of React breaks every released version, each on its own line with why users can get it.
  const bumped = await deploy('check-host', '--host', await hostBuild(repo, 'host-react20', { ...modules, react: '20.0.0', 'react-dom': '20.0.0' }));
  assert.equal(bumped.code, 1);
  const lines = bumped.out.split('\n');
  assert.deepEqual(
    lines.map((line) => line.split(':')[0]),
    [
      'mf-drafts 1.0.0 (stable)',
      'mf-drafts 1.1.0 (canary)',
      'mf-tools 2.1.0 (stable)',
      'mf-tools 2.0.0 (pinned (1 user), rollback target)',
      'the new host would break 4 of 4 released versions on production',
    ],
  );
  assert.match(
    lines[2]!,
    /react: the host provides 20\.0\.0 but mf-tools 2\.1\.0 requires \^19\.3\.1 \(built with 19\.3\.1\); react-dom: the host provides 20\.0\.0/,
  );

  const refused = await deploy('check-host', '--host', path.join(repo, 'host-shell', 'package.json'));
  assert.deepEqual([refused.code, /a package\.json lists packages, not the modules/.test(refused.err)], [2, true]);
  assert.match((await deploy('check-host')).err, /--host is required/);
});

test('a token that starts with a dash is the token, not an option (random tokens can)', () => {
  const parsed = parse(['check-host', '--token', '-Zx9_dash-first', '--host', 'dist']);
  assert.equal(parsed.values.token, '-Zx9_dash-first');
  assert.equal(parsed.values.host, 'dist');
  assert.equal(parse(['status', '--token', '--double']).values.token, '--double');
  // Other options keep the parser's strictness: a forgotten value is still refused.
  assert.throws(() => parse(['rollback', 'mf-tools', '--reason', '--force']), /argument missing|ambiguous/);
});
