/**
 * The video part: the product transcodes an uploaded video (commit, then status polled until it
 * leaves 转码中), against the baseline of the same run: the same ffmpeg, with the arguments the
 * product's transcoder gives it, run by hand from a file to a file, then its poster frame.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MP4_ENCODE_ARGS } from 'api-server/src/features/video/transcode';
import { signedCall } from '../../../e2e/support/api';
import { ffmpegPath } from './files';
import { type RssPeak, sampleRss } from './rss';

interface VideoAnswer {
  Vid: string;
  state: number;
  error: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Commits the uploaded key and polls until transcoding ends; the seconds from commit to the end. */
export async function transcodeInProduct(
  baseUrl: string,
  token: string,
  key: string,
  timeoutMs: number,
): Promise<{ seconds: number; state: number; error: string }> {
  const began = performance.now();
  const commit = await signedCall<VideoAnswer>(baseUrl, token, 'POST', '/api/upload/vod/commit', { key });
  if (commit.code !== 0) throw new Error(`commit: ${commit.msg}`);
  for (let answer = commit.data; ;) {
    if (answer.state !== 0) return { seconds: (performance.now() - began) / 1000, state: answer.state, error: answer.error };
    if (performance.now() - began > timeoutMs) throw new Error(`still transcoding after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(1000);
    const status = await signedCall<VideoAnswer>(baseUrl, token, 'GET', '/api/upload/vod/status', { vid: commit.data.Vid });
    if (status.code !== 0) throw new Error(`status: ${status.msg}`);
    answer = status.data;
  }
}

function ffmpeg(args: string[], cwd: string, onStart: (pid: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    onStart(child.pid ?? 0);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr.trim()}`))));
  });
}

/** ffmpeg alone on the same file: seconds and peak RSS. */
export async function transcodeBare(source: string): Promise<{ seconds: number; rss: RssPeak }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-ffmpeg-'));
  let pid = 0;
  const sampler = sampleRss(() => (pid ? [pid] : []));
  const began = performance.now();
  try {
    const track = (p: number) => (pid = p);
    await ffmpeg(
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-protocol_whitelist',
        'file',
        '-f',
        'mp4',
        '-i',
        source,
        // The product's own encoder settings, imported, not copied.
        ...MP4_ENCODE_ARGS,
        'output.mp4',
      ],
      dir,
      track,
    );
    await ffmpeg(
      ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '1', '-protocol_whitelist', 'file', '-i', 'output.mp4', '-frames:v', '1', '-q:v', '3', 'poster.jpg'],
      dir,
      track,
    );
    return { seconds: (performance.now() - began) / 1000, rss: sampler.stop() };
  } finally {
    sampler.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
