/**
 * One transcoding run with ffmpeg, file to file: any supported container in, an H.264/AAC MP4 that
 * starts playing before it has fully downloaded (`+faststart`) and a JPEG poster frame out. Nothing
 * of the video passes through this process's memory; ffmpeg reads and writes the files itself.
 * Which ffmpeg runs is ffmpeg.ts's choice: FFMPEG_PATH, else the system's, else the bundled build.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { VideoContainer } from './container';
import { ffmpegPath } from './ffmpeg';
import { ProgressTracker, lineSplitter } from './progress';

/** A run that takes longer than this is stopped and counts as failed. */
export const TRANSCODE_TIMEOUT_MS = 60 * 60_000;

export interface TranscodeJob {
  /** The source video, a file in `dir`. */
  input: string;
  container: VideoContainer;
  /** A private folder the outputs are written into. */
  dir: string;
  /** Whole percent done, as it grows. */
  onProgress?: (percent: number) => void;
  /** Stops ffmpeg (the run then rejects). */
  signal?: AbortSignal;
  binary?: string;
  /** Each ffmpeg run is killed after this long (TRANSCODE_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface Transcoded {
  /** Paths of the MP4 and of the JPEG poster, in the job's `dir`. */
  mp4: string;
  poster: string;
}

/** The last lines ffmpeg said on stderr, for the error message (the rest is not kept). */
function tail(lines: string[], line: string): void {
  if (!line.trim()) return;
  lines.push(line.trim());
  if (lines.length > 3) lines.shift();
}

interface RunOptions {
  cwd: string;
  tracker: ProgressTracker | null;
  signal?: AbortSignal;
  timeoutMs: number;
}

function run(binary: string, args: readonly string[], { cwd, tracker, signal, timeoutMs }: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    const said: string[] = [];
    // Our own timer, not spawn's `timeout`: the close handler must know for certain that the timeout
    // killed the child (elapsed time read from the clock can fall a millisecond short of it).
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr.on(
      'data',
      lineSplitter((line) => {
        tracker?.stderrLine(line);
        // Header lines (Input, Duration, Stream) are not why a run failed.
        if (!/^\s|^(Input|Output|Stream mapping|Press)/.test(line)) tail(said, line);
      }),
    );
    child.stdout.on(
      'data',
      lineSplitter((line) => tracker?.stdoutLine(line)),
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(signal?.aborted ? new Error('transcoding stopped') : error);
    });
    child.on('close', (code, killed) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      if (signal?.aborted) return reject(new Error('transcoding stopped'));
      if (timedOut) return reject(new Error(`ffmpeg stopped after ${Math.round(timeoutMs / 1000)} s (timeout)`));
      reject(new Error(`ffmpeg failed: ${said.join(' | ') || (killed ? `stopped by ${killed}` : `exit ${code}`)}`));
    });
  });
}

// Only local files, and the container named, never guessed.
const SAFE_INPUT = (container: VideoContainer, input: string) => ['-protocol_whitelist', 'file', '-f', container, '-i', input];
// Info level for the Duration line the progress is measured against; -nostats keeps the per-frame line off stderr.
const QUIET = ['-hide_banner', '-nostats', '-y'];

/** What the transcoder makes of a video: its first video and audio streams as H.264/AAC MP4 for the web. */
export const MP4_ENCODE_ARGS: readonly string[] = [
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  // Even dimensions: H.264 in yuv420p needs them.
  '-vf',
  'scale=trunc(iw/2)*2:trunc(ih/2)*2',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-movflags',
  '+faststart',
];

export async function transcode(job: TranscodeJob): Promise<Transcoded> {
  const binary = job.binary ?? ffmpegPath();
  const mp4 = path.join(job.dir, 'output.mp4');
  const poster = path.join(job.dir, 'poster.jpg');
  const tracker = new ProgressTracker((percent) => job.onProgress?.(percent));
  const options = { cwd: job.dir, signal: job.signal, timeoutMs: job.timeoutMs ?? TRANSCODE_TIMEOUT_MS };
  await run(binary, [...QUIET, '-loglevel', 'info', ...SAFE_INPUT(job.container, job.input), ...MP4_ENCODE_ARGS, '-progress', 'pipe:1', mp4], {
    ...options,
    tracker,
  });
  // A frame a second in is more telling than the often black first one; very short clips use the first.
  const posterArgs = (seek: string[]) => [
    ...QUIET,
    '-loglevel',
    'error',
    ...seek,
    '-protocol_whitelist',
    'file',
    '-f',
    'mp4',
    '-i',
    mp4,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    poster,
  ];
  await run(binary, posterArgs(['-ss', '1']), { ...options, tracker: null });
  const size = await stat(poster).then(
    (s) => s.size,
    () => 0,
  );
  if (!size) await run(binary, posterArgs([]), { ...options, tracker: null });
  return { mp4, poster };
}
