import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../../testing/test-app';
import { ALLOW_BUNDLED_SETTING, bundledFfmpegPath, chooseFfmpeg, describeFfmpeg, ffmpegForStart, ffmpegVersion, findOnPath, refusalOf } from './ffmpeg';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const BUNDLED = '/opt/registry/ffmpeg-installer/ffmpeg';
const bundled = () => BUNDLED;

describe('which ffmpeg transcodes', () => {
  const folders = tempDir('ffmpeg-choice');
  after(() => folders.remove());
  // A folder with an executable `ffmpeg` (a system's), one with a plain file of that name.
  const system = path.join(folders.dir, 'usr-bin');
  const notExecutable = path.join(folders.dir, 'not-executable');
  mkdirSync(system);
  mkdirSync(notExecutable);
  writeFileSync(path.join(system, 'ffmpeg'), '#!/bin/sh\necho "ffmpeg version 9.9-test Copyright"\n');
  chmodSync(path.join(system, 'ffmpeg'), 0o755);
  writeFileSync(path.join(notExecutable, 'ffmpeg'), 'not a program');
  const nowhere = path.join(folders.dir, 'empty');
  mkdirSync(nowhere);

  it("takes FFMPEG_PATH first, then the system's on PATH, then the bundled build", () => {
    assert.deepEqual(chooseFfmpeg({ FFMPEG_PATH: '/custom/ffmpeg', PATH: system }, bundled), { path: '/custom/ffmpeg', source: 'FFMPEG_PATH', bundled: false });
    assert.deepEqual(chooseFfmpeg({ PATH: [notExecutable, system].join(path.delimiter) }, bundled), {
      path: path.join(system, 'ffmpeg'),
      source: 'system',
      bundled: false,
    });
    assert.deepEqual(chooseFfmpeg({ PATH: [nowhere, notExecutable].join(path.delimiter) }, bundled), { path: BUNDLED, source: 'bundled', bundled: true });
    assert.deepEqual(
      chooseFfmpeg({ FFMPEG_PATH: BUNDLED, PATH: system }, bundled),
      { path: BUNDLED, source: 'FFMPEG_PATH', bundled: true },
      'the bundled build by its path is still it',
    );
    assert.throws(() => chooseFfmpeg({ PATH: nowhere }, () => null), /no ffmpeg found: install the system's ffmpeg .* or set FFMPEG_PATH/);
  });

  it('never runs an ffmpeg from a relative PATH entry (the current folder)', () => {
    assert.equal(findOnPath('ffmpeg', ['', '.', path.relative(process.cwd(), system)].join(path.delimiter)), null);
    assert.equal(findOnPath('ffmpeg', `${path.delimiter}${system}`), path.join(system, 'ffmpeg'));
  });

  it('refuses the bundled 2018 build in production unless FFMPEG_ALLOW_BUNDLED allows it, naming the setting', () => {
    const bundledChoice = chooseFfmpeg({ PATH: nowhere }, bundled);
    const refusal = refusalOf(bundledChoice, { APP_ENV: 'production' });
    assert.match(refusal ?? '', /bundled build from 2018/);
    assert.match(refusal ?? '', /apt-get install ffmpeg/);
    assert.match(refusal ?? '', new RegExp(`${ALLOW_BUNDLED_SETTING}=1`));
    assert.equal(refusalOf(bundledChoice, { APP_ENV: 'production', [ALLOW_BUNDLED_SETTING]: '1' }), null);
    assert.equal(refusalOf(bundledChoice, { APP_ENV: 'development' }), null, 'the embedded default falls back to it');
    assert.equal(refusalOf(chooseFfmpeg({ PATH: system }, bundled), { APP_ENV: 'production' }), null, "the system's is fine");
    assert.equal(refusalOf(chooseFfmpeg({ FFMPEG_PATH: BUNDLED }, bundled), { APP_ENV: 'production' }) !== null, true, 'FFMPEG_PATH to the bundled build too');
  });

  it("says which it runs, with the version it gives of itself: this machine's system ffmpeg before the bundled one", async () => {
    assert.equal(await ffmpegVersion(path.join(system, 'ffmpeg')), '9.9-test');
    assert.match(await describeFfmpeg(chooseFfmpeg({ PATH: system }, bundled)), /^ffmpeg 9\.9-test at .*usr-bin\/ffmpeg \(the system's, on PATH\)$/);
    assert.match(await ffmpegVersion('/nonexistent/ffmpeg'), /^unknown \(/);
    const real = bundledFfmpegPath();
    assert.ok(real, 'the registry package is installed');
    // A git snapshot of December 2018 (N-47683-g0e8eb07980-static), not a release number.
    assert.match(await ffmpegVersion(real), /^N-\d+-g[0-9a-f]+/, 'the bundled build answers -version');
    const here = chooseFfmpeg();
    if (findOnPath('ffmpeg', process.env.PATH)) assert.equal(here.source, process.env.FFMPEG_PATH ? 'FFMPEG_PATH' : 'system');
  });

  function start(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', entry],
        {
          cwd: root,
          timeout: 60_000,
          env: {
            HOME: process.env.HOME ?? '',
            APP_ENV: 'production',
            // Settings that make production start far enough to choose its ffmpeg; nothing is reached.
            DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
            APP_SECRET: 'ffmpeg-test-secret',
            UPLOAD_TOKEN_SECRET: 'ffmpeg-test-upload',
            DATA_DIR: folders.dir,
            ...env,
          },
        },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr: String(stderr) }),
      );
    });
  }

  for (const [name, entry] of [
    ['server', 'src/main.ts'],
    ['worker process', 'src/worker-main.ts'],
  ] as const) {
    it(`a production ${name} with only the bundled build refuses to start, naming the setting`, async () => {
      const refused = await start(entry, { PATH: nowhere });
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /^Cannot start.*the only ffmpeg found is the bundled build from 2018/m);
      assert.match(refused.stderr, /FFMPEG_ALLOW_BUNDLED=1/);
    });
  }

  it('a production server that transcodes nothing (VIDEO_WORKER_INTERVAL_MS=0) needs no ffmpeg', async () => {
    // It gets past the choice and stops at the database, which is not there.
    const started = await start('src/main.ts', { PATH: nowhere, VIDEO_WORKER_INTERVAL_MS: '0' });
    assert.equal(started.code, 1);
    assert.doesNotMatch(started.stderr, /ffmpeg/);
  });

  it('ffmpegForStart gives the choice when allowed', () => {
    assert.equal(ffmpegForStart({ APP_ENV: 'production', PATH: system }).path, path.join(system, 'ffmpeg'));
  });
});
