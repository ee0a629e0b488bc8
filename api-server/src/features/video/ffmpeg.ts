/**
 * Which ffmpeg the transcoder runs. The decoders read files creators upload, so a maintained build
 * matters more than a convenient one:
 *   1. FFMPEG_PATH, when set;
 *   2. else the system's `ffmpeg`, the first executable of that name on PATH (Debian's package is
 *      security-maintained: `apt-get install ffmpeg`);
 *   3. else the build bundled in the registry package @ffmpeg-installer/ffmpeg, from December 2018:
 *      only the embedded default falls back to it. Production refuses to start with it unless
 *      FFMPEG_ALLOW_BUNDLED=1 says the operator accepts it.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Env = Record<string, string | undefined>;

/** The setting that lets production run the bundled 2018 build anyway. */
export const ALLOW_BUNDLED_SETTING = 'FFMPEG_ALLOW_BUNDLED';

export interface FfmpegChoice {
  path: string;
  /** Where it came from: the setting, the system's PATH, or the registry package. */
  source: 'FFMPEG_PATH' | 'system' | 'bundled';
  /** It is the bundled 2018 build (also when FFMPEG_PATH names that very file). */
  bundled: boolean;
}

/** The registry package's binary, or null when the package is not installed. */
export function bundledFfmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable file called `name` in the PATH's folders, as a shell would find it. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    // An empty entry means the current folder to a shell; a server must not run what happens to be there.
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

export function chooseFfmpeg(env: Env = process.env, bundled: () => string | null = bundledFfmpegPath): FfmpegChoice {
  const bundledPath = bundled();
  const isBundled = (file: string) => bundledPath !== null && path.resolve(file) === path.resolve(bundledPath);
  const setting = (env.FFMPEG_PATH ?? '').trim();
  if (setting) return { path: setting, source: 'FFMPEG_PATH', bundled: isBundled(setting) };
  const system = findOnPath('ffmpeg', env.PATH);
  if (system) return { path: system, source: 'system', bundled: isBundled(system) };
  if (bundledPath) return { path: bundledPath, source: 'bundled', bundled: true };
  throw new Error("no ffmpeg found: install the system's ffmpeg (Debian: apt-get install ffmpeg) or set FFMPEG_PATH");
}

/** The path of the ffmpeg to run (see chooseFfmpeg). */
export function ffmpegPath(env: Env = process.env): string {
  return chooseFfmpeg(env).path;
}

/**
 * Why this process may not transcode with this ffmpeg, or null when it may: production with the
 * bundled 2018 build and no FFMPEG_ALLOW_BUNDLED=1.
 */
export function refusalOf(choice: FfmpegChoice, env: Env = process.env): string | null {
  if (env.APP_ENV !== 'production' || !choice.bundled) return null;
  const allowed = (env[ALLOW_BUNDLED_SETTING] ?? '').trim();
  if (allowed === '1' || allowed === 'true') return null;
  return (
    `the only ffmpeg found is the bundled build from 2018 (@ffmpeg-installer, ${choice.path}), whose decoders carry years of published ` +
    `vulnerabilities and would read every uploaded video. Install the system's ffmpeg (Debian: apt-get install ffmpeg) or set FFMPEG_PATH ` +
    `to a current build; to run the bundled one anyway, set ${ALLOW_BUNDLED_SETTING}=1`
  );
}

/** The ffmpeg a transcoding process starts with; throws the refusal (production, bundled build, not allowed). */
export function ffmpegForStart(env: Env = process.env): FfmpegChoice {
  const choice = chooseFfmpeg(env);
  const refusal = refusalOf(choice, env);
  if (refusal) throw new Error(refusal);
  return choice;
}

/** What `ffmpeg -version` says of itself (`5.1.9-0+deb12u1`), or why it could not say. */
export function ffmpegVersion(binary: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      const match = /ffmpeg version (\S+)/.exec(String(stdout));
      if (match) resolve(match[1]!);
      else resolve(`unknown (${error ? error.message.split('\n')[0] : 'no version line'})`);
    });
  });
}

/** One line for people and logs: `ffmpeg 5.1.9-0+deb12u1 at /usr/bin/ffmpeg (the system's)`. */
export async function describeFfmpeg(choice: FfmpegChoice): Promise<string> {
  const from = { FFMPEG_PATH: 'FFMPEG_PATH', system: "the system's, on PATH", bundled: 'the bundled 2018 build, @ffmpeg-installer' }[choice.source];
  return `ffmpeg ${await ffmpegVersion(choice.path)} at ${choice.path} (${from}${choice.bundled && choice.source !== 'bundled' ? ', the bundled 2018 build' : ''})`;
}
