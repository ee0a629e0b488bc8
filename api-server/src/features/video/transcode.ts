/**
 * One transcoding run with ffmpeg: any supported container in, an H.264/AAC MP4 that starts playing
 * before it has fully downloaded (`+faststart`) and a JPEG poster frame out. ffmpeg ships inside a
 * registry package (@ffmpeg-installer/ffmpeg); FFMPEG_PATH overrides it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VideoContainer } from './container';

/** A run that takes longer than this is stopped and counts as failed. */
export const TRANSCODE_TIMEOUT_MS = 10 * 60_000;

export function ffmpegPath(env: Record<string, string | undefined> = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export interface Transcoded {
  mp4: Buffer;
  poster: Buffer;
}

function run(binary: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd, timeout: TRANSCODE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg failed: ${String(stderr).trim().split('\n').slice(-3).join(' | ') || error.message}`));
      else resolve();
    });
  });
}

// Only local files, and the container named, never guessed.
const SAFE_INPUT = (container: VideoContainer) => ['-protocol_whitelist', 'file', '-f', container, '-i', 'input'];

export async function transcode(source: Buffer, container: VideoContainer, binary = ffmpegPath()): Promise<Transcoded> {
  const dir = await mkdtemp(path.join(tmpdir(), 'transcode-'));
  try {
    await writeFile(path.join(dir, 'input'), source);
    await run(
      binary,
      [
        '-hide_banner', '-loglevel', 'error', '-y', ...SAFE_INPUT(container),
        '-map', '0:v:0', '-map', '0:a:0?',
        // Even dimensions: H.264 in yuv420p needs them.
        '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
        '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', 'output.mp4',
      ],
      dir,
    );
    // A frame a second in is more telling than the often black first one; very short clips use the first.
    const posterArgs = (seek: string[]) => ['-hide_banner', '-loglevel', 'error', '-y', ...seek, '-protocol_whitelist', 'file', '-i', 'output.mp4', '-frames:v', '1', '-q:v', '3', 'poster.jpg'];
    await run(binary, posterArgs(['-ss', '1']), dir);
    const size = await stat(path.join(dir, 'poster.jpg')).then((s) => s.size, () => 0);
    if (!size) await run(binary, posterArgs([]), dir);
    return { mp4: await readFile(path.join(dir, 'output.mp4')), poster: await readFile(path.join(dir, 'poster.jpg')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
