/**
 * The demo materials' files, made when the seed runs: pictures are small SVG landscapes; the video
 * (H.264/AAC MP4 with a JPEG poster) and the audio (AAC in M4A) come from the ffmpeg the transcoder
 * runs (features/video/ffmpeg.ts), in about a second. Should ffmpeg fail, the video falls back to the
 * WebM and poster committed under ./assets and the audio to a WAV written here, so the seed never fails on it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../features/video/ffmpeg';
import { sourceFile } from '../own-files';

export interface DemoFile {
  body: Buffer;
  contentType: string;
  ext: string;
}

const VIDEO_SECONDS = 4;
const AUDIO_SECONDS = 3;
const FALLBACK_VIDEO = sourceFile('seed', 'assets', 'demo-video.webm');
const FALLBACK_POSTER = sourceFile('seed', 'assets', 'demo-video-poster.png');

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A 640×400 landscape in the material's colour (sky, sun, hills) with its title. */
export function demoPicture(title: string, color: string): DemoFile {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">',
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#fff7e6"/></linearGradient></defs>`,
    '<rect width="640" height="400" fill="url(#sky)"/>',
    '<circle cx="480" cy="150" r="48" fill="#ffd666" opacity="0.9"/>',
    `<path d="M0 300 Q120 210 240 280 T480 260 T640 250 V400 H0 Z" fill="${color}" opacity="0.55"/>`,
    '<path d="M0 340 Q160 280 320 330 T640 320 V400 H0 Z" fill="#000" opacity="0.25"/>',
    `<text x="320" y="120" font-size="44" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(title)}</text>`,
    '</svg>',
  ].join('');
  return { body: Buffer.from(svg), contentType: 'image/svg+xml', ext: 'svg' };
}

function ffmpeg(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd, timeout: 60_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg failed: ${String(stderr).trim() || error.message}`));
      else resolve();
    });
  });
}

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A few seconds of ffmpeg's test picture with a tone, and its middle frame as the poster. */
export async function demoVideo(): Promise<{ file: DemoFile; poster: DemoFile }> {
  try {
    return await inTempDir(async (dir) => {
      const lavfi = (source: string) => ['-f', 'lavfi', '-i', `${source}:duration=${VIDEO_SECONDS}`];
      await ffmpeg(
        [
          ...lavfi('testsrc2=size=640x360:rate=25'),
          ...lavfi('sine=frequency=440:sample_rate=44100'),
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '28',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-b:a',
          '64k',
          '-movflags',
          '+faststart',
          'demo.mp4',
        ],
        dir,
      );
      await ffmpeg(['-ss', String(VIDEO_SECONDS / 2), '-i', 'demo.mp4', '-frames:v', '1', '-q:v', '4', 'poster.jpg'], dir);
      const [video, poster] = await Promise.all([readFile(path.join(dir, 'demo.mp4')), readFile(path.join(dir, 'poster.jpg'))]);
      return { file: { body: video, contentType: 'video/mp4', ext: 'mp4' }, poster: { body: poster, contentType: 'image/jpeg', ext: 'jpg' } };
    });
  } catch (error) {
    console.warn(`demo video: ${(error as Error).message}; the committed WebM is used instead`);
    const [video, poster] = await Promise.all([readFile(FALLBACK_VIDEO), readFile(FALLBACK_POSTER)]);
    return { file: { body: video, contentType: 'video/webm', ext: 'webm' }, poster: { body: poster, contentType: 'image/png', ext: 'png' } };
  }
}

/** A few seconds of a tone: AAC in M4A from ffmpeg, or a WAV when ffmpeg fails. */
export async function demoAudio(): Promise<DemoFile> {
  try {
    return await inTempDir(async (dir) => {
      await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=523.25:sample_rate=44100:duration=${AUDIO_SECONDS}`, '-c:a', 'aac', '-b:a', '64k', 'demo.m4a'], dir);
      return { body: await readFile(path.join(dir, 'demo.m4a')), contentType: 'audio/mp4', ext: 'm4a' };
    });
  } catch (error) {
    console.warn(`demo audio: ${(error as Error).message}; a WAV is used instead`);
    return { body: toneWav(AUDIO_SECONDS), contentType: 'audio/wav', ext: 'wav' };
  }
}

/** 16-bit mono PCM of a 523 Hz tone (C5) that fades out. */
function toneWav(seconds: number, rate = 22_050): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    const fade = 1 - i / samples;
    wav.writeInt16LE(Math.round(12_000 * fade * Math.sin((2 * Math.PI * 523.25 * i) / rate)), 44 + i * 2);
  }
  return wav;
}
