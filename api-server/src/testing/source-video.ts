/** Test videos made with the project's own ffmpeg: nothing a browser plays as is, so they need transcoding. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../features/video/ffmpeg';

/** `seconds` of test pattern and a tone, MPEG-4 Part 2 + MP2 in Matroska. */
export async function makeSourceVideo(seconds = 2): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'video-src-'));
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpegPath(),
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=160x120:rate=10',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440:sample_rate=22050',
          '-t',
          String(seconds),
          '-c:v',
          'mpeg4',
          '-c:a',
          'mp2',
          '-f',
          'matroska',
          'src.mkv',
        ],
        { cwd: dir },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    return await readFile(path.join(dir, 'src.mkv'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
