/**
 * The bench's test files, made in a temp folder: random bytes for the upload figures, and a real
 * video (1080p test pattern with noise, MPEG-4 Part 2 at its highest quality, AAC audio, in MP4) for
 * the transcoding figures, from the ffmpeg the product's transcoder runs. Noise makes the frames
 * large (about 2.5 MB each), so 1 GB is about 16 s of video: quick to make and to transcode.
 */
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from 'api-server/src/features/video/ffmpeg';

export const MB = 1024 * 1024;

/** The ffmpeg the product's transcoder runs (FFMPEG_PATH, else the system's, else the bundled build). */
export { ffmpegPath };

export function tempFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-files-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function randomFile(dir: string, megabytes: number): string {
  const file = path.join(dir, `random-${megabytes}mb.bin`);
  const chunk = Buffer.alloc(4 * MB);
  const fd = openSync(file, 'w');
  try {
    for (let left = megabytes * MB; left > 0; left -= chunk.length) {
      randomFillSync(chunk);
      writeSync(fd, chunk, 0, Math.min(left, chunk.length));
    }
    // On disk before the bench measures anything: otherwise the kernel writes the file back during
    // the idle baseline (1.2 GB of dirty pages), and the "idle" figures measure that instead.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return file;
}

export function run(binary: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 4 * MB }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(binary)} failed: ${String(stderr).trim().split('\n').slice(-3).join(' | ') || error.message}`));
      else resolve();
    });
  });
}

/** A real video of about `megabytes` (ffmpeg stops writing at that size and closes the file). */
export async function videoFile(dir: string, megabytes: number): Promise<string> {
  const file = path.join(dir, `video-${megabytes}mb.mp4`);
  await run(
    ffmpegPath(),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=25,noise=alls=60:allf=t',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      '600',
      '-fs',
      String(megabytes * MB),
      '-c:v',
      'mpeg4',
      '-q:v',
      '1',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    10 * 60_000,
  );
  if (statSync(file).size < megabytes * MB * 0.9) throw new Error(`the test video is only ${statSync(file).size} bytes`);
  return file;
}
