#!/usr/bin/env node
// Makes the demo video material of the seed (src/seed/assets/demo-video.webm) and its poster
// (src/seed/assets/demo-video-poster.png) without any video tool: a headless Chromium draws a few
// seconds of an animated canvas and records it with MediaRecorder (WebM, VP8). The files are our
// own generated content and are committed; run this only to change them.
//
//   node api-server/scripts/make-demo-video.mjs [--seconds 4] [--bitrate 200000]
//
// Needs playwright-core (a dependency of the e2e package, resolved from there) and a Chromium:
// CHROMIUM_PATH, otherwise the first chromium/chromium-browser/google-chrome on PATH.
//
// MediaRecorder writes a live WebM without a duration, so a browser would show the length as
// unknown until the whole file is read; the script measures the duration and writes it into the
// Segment Info (an EBML Duration element) before saving.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const assets = path.resolve(here, '../src/seed/assets');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? Number(process.argv[at + 1]) : fallback;
}

function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
      const candidate = path.join(dir, name);
      if (dir && fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error('No Chromium found: set CHROMIUM_PATH.');
}

/** Runs in the page: draws and records the animation, returns the WebM, a poster PNG and the duration. */
async function record({ seconds, bitrate }) {
  const width = 640;
  const height = 320;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const draw = (t) => {
    const sky = ctx.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, `hsl(${200 + 20 * Math.sin(t)}, 70%, 55%)`);
    sky.addColorStop(1, '#fff7e6');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, width, height);
    // A rising sun and a river band: the seed calls it 黄河日出.
    ctx.fillStyle = '#fa8c16';
    ctx.beginPath();
    ctx.arc(width / 2, height - 40 - 60 * Math.min(1, t / seconds), 48, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#d4b106';
    ctx.fillRect(0, height - 70, width, 70);
    ctx.strokeStyle = '#fff1b8';
    ctx.lineWidth = 4;
    ctx.beginPath();
    for (let x = 0; x <= width; x += 8) ctx.lineTo(x, height - 40 + 8 * Math.sin(x / 30 + t * 4));
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 36px sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText('DEMO VIDEO', width / 2, 60);
    ctx.font = '24px monospace';
    ctx.fillText(`${t.toFixed(1)} s`, width / 2, 100);
  };

  const started = performance.now();
  let frame = 0;
  const tick = () => {
    draw((performance.now() - started) / 1000);
    frame = requestAnimationFrame(tick);
  };
  draw(0);
  tick();
  const stream = canvas.captureStream(25);
  const mimeType = MediaRecorder.isTypeSupported('video/webm;codecs=vp8') ? 'video/webm;codecs=vp8' : 'video/webm';
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: bitrate });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  recorder.start(250);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recorder.stop();
  await stopped;
  cancelAnimationFrame(frame);

  // The poster: the animation half way.
  draw(seconds / 2);
  const poster = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  const video = new Blob(chunks, { type: 'video/webm' });

  // The real duration: a live WebM reports Infinity until the player seeks past its end.
  const element = document.createElement('video');
  element.muted = true;
  element.src = URL.createObjectURL(video);
  await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
  element.currentTime = 1e9;
  await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
  const duration = element.duration;

  const base64 = async (blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  return { video: await base64(video), poster: await base64(poster), duration, mimeType };
}

// --- A minimal EBML reader/writer, enough to put a Duration into a live WebM's Segment Info. ---

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

function readId(buf, at) {
  const first = buf[at];
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 4) throw new Error(`bad EBML id at ${at}`);
  return { id: buf.readUIntBE(at, length), length };
}

function readSize(buf, at) {
  const first = buf[at];
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw new Error(`bad EBML size at ${at}`);
  let value = first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) unknown = false;
  }
  return { value: unknown ? -1 : value, length };
}

/** Size as an 8-byte EBML number. */
function encodeSize(value) {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

function withDuration(webm, seconds) {
  let at = 0;
  const header = readId(webm, at);
  at += header.length;
  const headerSize = readSize(webm, at);
  at += headerSize.length + headerSize.value;
  const segment = readId(webm, at);
  if (segment.id !== SEGMENT) throw new Error('no Segment after the EBML header');
  at += segment.length;
  const segmentSize = readSize(webm, at);
  at += segmentSize.length;
  const segmentStart = at;
  while (at < webm.length) {
    const child = readId(webm, at);
    const size = readSize(webm, at + child.length);
    const dataStart = at + child.length + size.length;
    if (child.id === INFO) {
      const info = webm.subarray(dataStart, dataStart + size.value);
      let scale = 1_000_000;
      for (let i = 0; i < info.length;) {
        const inner = readId(info, i);
        const innerSize = readSize(info, i + inner.length);
        const start = i + inner.length + innerSize.length;
        if (inner.id === DURATION) throw new Error('the WebM already has a Duration');
        if (inner.id === TIMECODE_SCALE) scale = info.readUIntBE(start, innerSize.value);
        i = start + innerSize.value;
      }
      const duration = Buffer.alloc(8);
      duration.writeDoubleBE((seconds * 1e9) / scale);
      const element = Buffer.concat([Buffer.from([0x44, 0x89, 0x88]), duration]);
      const body = Buffer.concat([info, element]);
      let before = webm.subarray(0, at);
      const after = webm.subarray(dataStart + size.value);
      if (segmentSize.value !== -1) {
        // A known Segment size grows by what the Info grows.
        const grown = segmentSize.value + (child.length + 8 + body.length) - (dataStart - at + size.value);
        const field = Buffer.from(before.subarray(segmentStart - segmentSize.length, segmentStart));
        field.writeUIntBE(grown, field.length - Math.min(6, field.length), Math.min(6, field.length));
        before = Buffer.concat([webm.subarray(0, segmentStart - segmentSize.length), field, webm.subarray(segmentStart, at)]);
      }
      return Buffer.concat([before, webm.subarray(at, at + child.length), encodeSize(body.length), body, after]);
    }
    if (size.value === -1) break;
    at = dataStart + size.value;
  }
  throw new Error('no Segment Info found');
}

const seconds = option('seconds', 4);
const bitrate = option('bitrate', 200_000);
const { chromium } = createRequire(path.join(repoRoot, 'e2e/package.json'))('playwright-core');
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body style="margin:0"></body>');
  const result = await page.evaluate(record, { seconds, bitrate });
  if (!Number.isFinite(result.duration) || result.duration <= 0) throw new Error(`could not measure the duration (${result.duration})`);
  const video = withDuration(Buffer.from(result.video, 'base64'), result.duration);
  const poster = Buffer.from(result.poster, 'base64');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, 'demo-video.webm'), video);
  fs.writeFileSync(path.join(assets, 'demo-video-poster.png'), poster);
  console.info(`demo-video.webm: ${video.length} bytes, ${result.duration.toFixed(2)} s (${result.mimeType}); demo-video-poster.png: ${poster.length} bytes`);
} finally {
  await browser.close();
}
