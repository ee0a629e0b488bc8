import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { ApiCode, type CertificationState, EditorKind, SaveType, type MaterialDetail } from 'shared-sdk/contract';
import { cleanImageCall, cleanedUrl } from '../../testing/clean-image';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { MEDIA_ADDRESS_INVALID, IMAGE_NOT_CLEAN } from '../editor/publish';
import { add, articleFields, kindFields } from '../editor/test-kit';
import { IMAGE_MESSAGES } from '../enterprise/own-image';
import { MATERIAL_MESSAGES } from '../materials/material-input';
import { type TestToken, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { MEDIA_MESSAGES } from '../short-drama/media-url';
import { CLEAN_IMAGE_MESSAGES, MAX_PIXELS, cleanImage } from './clean-image';
import { CLEAN_COPY_MESSAGES } from './clean-copies';

const AUTHOR = '13800000001';
const OTHER = '13800000002';

/** Where the test photo was taken: Zhengzhou, 34°45′N 113°39′E. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '34/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '113/1 39/1 0/1' };

/**
 * A phone photo as a camera writes it: 64×32 pixels stored sideways (EXIF orientation 6: shown
 * rotated a quarter turn, so 32×64 upright), left half red and right half blue, with GPS
 * coordinates, a camera make, XMP and a Display P3 ICC profile.
 */
async function phonePhoto(): Promise<Buffer> {
  const left = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 64, height: 32, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'TestPhone', Model: 'GPS 1' }, IFD3: GPS })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>secret place</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .toBuffer();
}

/** Everything sharp and an EXIF parser find in an image's metadata. */
async function metadataOf(image: Buffer) {
  const meta = await sharp(image).metadata();
  const exif = meta.exif ? exifReader(meta.exif) : null;
  return { meta, exif, gps: exif?.GPSInfo ?? null };
}

/** The colour of one pixel (x, y) of an upright image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

/** No location, no metadata of any kind, upright: what every path must serve. */
async function assertClean(served: Buffer, what: string): Promise<void> {
  const { meta, exif, gps } = await metadataOf(served);
  assert.equal(gps, null, `${what}: no GPS`);
  assert.equal(exif, null, `${what}: no EXIF at all`);
  assert.equal(meta.xmp, undefined, `${what}: no XMP`);
  assert.equal(meta.iptc, undefined, `${what}: no IPTC`);
  assert.equal(meta.icc, undefined, `${what}: no ICC profile`);
  assert.equal(meta.orientation, undefined, `${what}: no orientation tag left`);
  assert.deepEqual([meta.width, meta.height], [32, 64], `${what}: the orientation applied to the pixels`);
  // Orientation 6 turns the stored image clockwise: its left (red) half ends on top.
  const [r, , b] = await pixel(served, 16, 8);
  assert.ok(r > 200 && b < 60, `${what}: red on top (${r}, ${b})`);
  assert.ok(!served.includes(Buffer.from('secret place')), `${what}: no XMP text in the bytes`);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A decompression bomb: about a kilobyte of PNG declaring 50000×50000 pixels (7.5 GB decoded). */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts as a GIF, continues as HTML: a browser sniffing it could take it for a page. */
const POLYGLOT = Buffer.from('GIF89a<html><body><script>alert(document.cookie)</script></body></html>');

describe('images stored clean', () => {
  let photo: Buffer;
  let site: http.Server;
  let origin = '';
  const data = tempDir('clean-images');
  const tokens: Record<string, string> = {};
  const storage: Record<string, TestToken> = {};

  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  /** PUT as the browser does, with the caller's storage credentials; answers the uploaded URL. */
  const upload = async (payload: Buffer, ext: string, phone = AUTHOR, kind = 'image'): Promise<string> => {
    const t = storage[phone] as TestToken;
    const key = newKey(t.keyScope, ext, kind);
    const put = await ossInject(harness.app, t, { method: 'PUT', key, payload, contentType: 'application/octet-stream' });
    assert.equal(put.statusCode, 200, put.body);
    return `/oss/${t.bucket}/${key}`;
  };
  const served = async (url: string): Promise<Buffer> => {
    const answer = await harness.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
    assert.equal(answer.statusCode, 200, url);
    return answer.rawPayload;
  };

  before(async () => {
    photo = await phonePhoto();
    site = http.createServer((request, response) => {
      if (request.url === '/photo.jpg') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      if (request.url === '/polyglot.gif') return void response.writeHead(200, { 'content-type': 'image/gif' }).end(POLYGLOT);
      if (request.url === '/bomb.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(pngBomb());
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  const harness = setUpTestApp({ overrides: { dataDir: data.dir, fetchAllowCidrs: ['127.0.0.1/32'] } });
  before(async () => {
    for (const phone of [AUTHOR, OTHER]) {
      tokens[phone] = await login(harness.app, phone);
      storage[phone] = await fetchToken(harness.app, tokens[phone] ?? '');
    }
  });
  after(async () => {
    site.closeAllConnections();
    site.close();
    data.remove();
  });

  it('the test photo carries a location, orientation 6, XMP and an ICC profile (or the checks below prove nothing)', async () => {
    const { meta, gps, exif } = await metadataOf(photo);
    assert.deepEqual(gps?.GPSLatitude, [34, 45, 0]);
    assert.equal(gps?.GPSLatitudeRef, 'N');
    assert.equal(exif?.Image?.Make, 'TestPhone');
    assert.equal(meta.orientation, 6);
    assert.ok(meta.xmp && meta.icc);
  });

  it('cleans an upload: served upright with no location and no metadata; the raw upload is gone; cleaning again answers the same copy', async () => {
    const raw = await upload(photo, 'jpg');
    const clean = await cleanImageCall(harness.app, tokens[AUTHOR], raw);
    assert.equal(clean.code, ApiCode.OK, clean.msg);
    assert.match(clean.data.url, /^\/oss\/[^/]+\/clean\/image\/\d{8}\/u\d+\/[0-9a-f]{32}\.jpg$/);
    assert.notEqual(clean.data.url, raw);
    await assertClean(await served(clean.data.url), 'clean copy');
    assert.equal((await harness.app.inject({ method: 'GET', url: raw })).statusCode, 404, 'the raw upload is deleted');
    assert.equal((await cleanImageCall(harness.app, tokens[AUTHOR], raw)).data.url, clean.data.url, 'idempotent');
    assert.equal((await cleanImageCall(harness.app, tokens[AUTHOR], clean.data.url)).data.url, clean.data.url, 'a clean copy is clean already');
    const row = await harness.database.db.selectFrom('clean_images').selectAll().where('object_key', '=', clean.data.key).executeTakeFirstOrThrow();
    assert.equal(row.source, new URL(raw, 'http://localhost').pathname.replace(/^\/oss\/[^/]+\//, ''));
  });

  it('drops whatever follows the image data', async () => {
    const trailer = Buffer.from('<html><script>alert(1)</script></html>');
    const url = await cleanedUrl(harness.app, tokens[AUTHOR], await upload(Buffer.concat([photo, trailer]), 'jpg'));
    const bytes = await served(url);
    assert.ok(!bytes.includes(trailer), 'trailer gone');
    assert.deepEqual(bytes.subarray(-2), Buffer.from([0xff, 0xd9]), 'ends with the JPEG end marker');
  });

  it('material: saved only as a clean copy, served without location', async () => {
    const raw = await upload(photo, 'jpg');
    const refused = await call(AUTHOR, '/api/material/save', { files: raw, title: '带位置的照片', describe: '测试' });
    assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, CLEAN_COPY_MESSAGES.NOT_CLEAN], 'the raw upload is refused');
    const clean = await cleanedUrl(harness.app, tokens[AUTHOR], raw);
    const saved = await call<{ ids: number[] }>(AUTHOR, '/api/material/save', { files: clean, title: '带位置的照片', describe: '测试' });
    assert.equal(saved.code, ApiCode.OK, saved.msg);
    const detail = await call<MaterialDetail>(AUTHOR, '/api/material/showChild', { id: saved.data.ids[0] ?? 0 });
    await assertClean(await served(detail.data.cm_url), 'material');
    const othersClean = await cleanedUrl(harness.app, tokens[OTHER], await upload(photo, 'jpg', OTHER));
    const foreign = await call(AUTHOR, '/api/material/save', { files: othersClean, title: '别人的', describe: '测试' });
    assert.equal(foreign.msg, MATERIAL_MESSAGES.FILE_NOT_YOURS, "someone else's clean copy is not mine");
  });

  it('a clean copy stored before clean/ existed (under image/) is still accepted', async () => {
    const old = await upload(photo, 'jpg');
    const key = new URL(old, 'http://localhost').pathname.split('/').slice(3).join('/');
    const owner = await harness.app.db.selectFrom('users').select('id').where('phone', '=', AUTHOR).executeTakeFirstOrThrow();
    // As 0180's copies were recorded: the key in the image folder, made for its owner.
    await harness.app.db.insertInto('clean_images').values({ object_key: key, owner_id: owner.id, source: 'earlier' }).execute();
    const again = await cleanImageCall(harness.app, tokens[AUTHOR], old);
    assert.deepEqual([again.code, again.data.key], [ApiCode.OK, key], 'cleaning it answers itself');
    const saved = await call<{ ids: number[] }>(AUTHOR, '/api/material/save', { files: old, title: '旧的干净副本', describe: '测试' });
    assert.equal(saved.code, ApiCode.OK, saved.msg);
  });

  it('editor: a body image and a cover publish only as clean copies, served without location', async () => {
    const raw = await upload(photo, 'jpg');
    const rawArticle = articleFields({ content: `<p>正文</p><p><img src="${raw}"></p>`, covers: JSON.stringify([raw]), save_type: SaveType.PUBLISH });
    const refused = await add(harness.app, tokens[AUTHOR], rawArticle);
    assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, IMAGE_NOT_CLEAN]);
    const body = await cleanedUrl(harness.app, tokens[AUTHOR], raw);
    const cover = await cleanedUrl(harness.app, tokens[AUTHOR], await upload(photo, 'jpg'));
    const onlyCoverRaw = await upload(photo, 'jpg');
    const coverRefused = await add(
      harness.app,
      tokens[AUTHOR],
      articleFields({ content: `<p>正文</p><p><img src="${body}"></p>`, covers: JSON.stringify([onlyCoverRaw]), save_type: SaveType.PUBLISH }),
    );
    assert.equal(coverRefused.msg, IMAGE_NOT_CLEAN, 'a raw cover is refused too');
    const published = await add(
      harness.app,
      tokens[AUTHOR],
      articleFields({ content: `<p>正文</p><p><img src="${body}"></p>`, covers: JSON.stringify([cover]), save_type: SaveType.PUBLISH }),
    );
    assert.equal(published.code, ApiCode.OK, published.msg);
    const stored = await harness.database.db
      .selectFrom('manuscripts')
      .select(['body', 'cover_urls'])
      .where('id', '=', published.data.manuscript_id)
      .executeTakeFirstOrThrow();
    assert.ok(stored.body.includes(body) && JSON.stringify(stored.cover_urls).includes(cover));
    await assertClean(await served(body), 'editor body image');
    await assertClean(await served(cover), 'editor cover');
  });

  it('a pasted picture is re-hosted as a clean copy', async () => {
    const answer = await call<string>(AUTHOR, '/api/upload/tos/transImage', { url: `${origin}/photo.jpg` });
    assert.equal(answer.code, ApiCode.OK, answer.msg);
    await assertClean(await served(answer.data), 're-hosted paste');
    const published = await add(harness.app, tokens[AUTHOR], articleFields({ content: `<p><img src="${answer.data}"></p>`, save_type: SaveType.PUBLISH }));
    assert.equal(published.code, ApiCode.OK, published.msg);
    const polyglot = await call<string>(AUTHOR, '/api/upload/tos/transImage', { url: `${origin}/polyglot.gif` });
    assert.deepEqual([polyglot.code, polyglot.msg], [ApiCode.INVALID_PARAMS, CLEAN_IMAGE_MESSAGES.UNREADABLE]);
    const bomb = await call<string>(AUTHOR, '/api/upload/tos/transImage', { url: `${origin}/bomb.png` });
    assert.deepEqual([bomb.code, bomb.msg], [ApiCode.INVALID_PARAMS, CLEAN_IMAGE_MESSAGES.TOO_BIG]);
  });

  it('licence (enterprise certification): saved only as a clean copy, served without location', async () => {
    const raw = await upload(photo, 'jpg');
    const form = (licence: string) => ({
      org_name: '郑州测试传媒有限公司',
      credit_code: '91350100M000100Y43',
      licence_url: licence,
      contact_name: '李经理',
      contact_phone: '13912345678',
    });
    const refused = await call(AUTHOR, '/api/enterpriseUser/apply', form(raw));
    assert.deepEqual([refused.code, refused.msg], [ApiCode.INVALID_PARAMS, IMAGE_MESSAGES.NOT_CLEAN]);
    const applied = await call<CertificationState>(AUTHOR, '/api/enterpriseUser/apply', form(await cleanedUrl(harness.app, tokens[AUTHOR], raw)));
    assert.equal(applied.code, ApiCode.OK, applied.msg);
    const licence = applied.data.application?.licence_url ?? '';
    assert.ok(licence);
    await assertClean(await served(licence), 'licence');
  });

  it('keeps an animated GIF animated', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 12, height: 8, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const url = await cleanedUrl(harness.app, tokens[AUTHOR], await upload(gif, 'gif'));
    const meta = await sharp(await served(url), { animated: true }).metadata();
    assert.equal(meta.format, 'gif');
    assert.equal(meta.pages, 3);
    assert.deepEqual([meta.width, meta.pageHeight], [12, 8]);
  });

  it('refuses a GIF/HTML polyglot, a decompression bomb and bytes of another type than the name claims, with their messages (never a 5xx)', async () => {
    const refusal = async (payload: Buffer, ext: string) => {
      const response = await signed(harness.app, {
        method: 'POST',
        url: '/api/upload/tos/cleanImage',
        token: tokens[AUTHOR],
        params: { url: await upload(payload, ext) },
      });
      assert.equal(response.statusCode, 200);
      const answer = body(response);
      assert.equal(answer.code, ApiCode.INVALID_PARAMS);
      return answer.msg;
    };
    assert.equal(await refusal(POLYGLOT, 'gif'), CLEAN_IMAGE_MESSAGES.UNREADABLE);
    const started = Date.now();
    assert.equal(await refusal(pngBomb(), 'png'), CLEAN_IMAGE_MESSAGES.TOO_BIG);
    assert.ok(Date.now() - started < 5000, 'refused from its header, not decoded');
    assert.equal(await refusal(photo, 'png'), CLEAN_IMAGE_MESSAGES.MISMATCH);
    assert.equal(await refusal(Buffer.from('plain text'), 'jpg'), CLEAN_IMAGE_MESSAGES.NOT_IMAGE);
    assert.equal(await refusal(photo.subarray(0, photo.length / 2), 'jpg'), CLEAN_IMAGE_MESSAGES.UNREADABLE, 'truncated');
    // Stored as uploaded, the polyglot can be saved nowhere.
    const polyglot = await upload(POLYGLOT, 'gif');
    assert.equal((await call(AUTHOR, '/api/material/save', { files: polyglot, title: '多义文件', describe: '测试' })).msg, CLEAN_COPY_MESSAGES.NOT_CLEAN);
    const others = await upload(photo, 'jpg', OTHER);
    assert.equal((await cleanImageCall(harness.app, tokens[AUTHOR], others)).msg, CLEAN_COPY_MESSAGES.NOT_YOURS);
    assert.equal((await cleanImageCall(harness.app, tokens[AUTHOR], 'https://elsewhere.example/a.jpg')).msg, CLEAN_COPY_MESSAGES.NOT_OURS);
  });

  it('bounds dimensions and pixels in the cleaner itself', async () => {
    const wide = await sharp({ create: { width: 16_385, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await assert.rejects(cleanImage(wide, { claimed: 'png', allowSvg: false }), { message: CLEAN_IMAGE_MESSAGES.TOO_BIG });
    const side = Math.ceil(Math.sqrt(MAX_PIXELS + 1));
    const many = await sharp({ create: { width: side, height: side, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await assert.rejects(cleanImage(many, { claimed: 'png', allowSvg: false }), { message: CLEAN_IMAGE_MESSAGES.TOO_BIG });
  });

  it('refuses a doubled slash or another case of /oss/ wherever an address is saved', async () => {
    const clean = await cleanedUrl(harness.app, tokens[AUTHOR], await upload(photo, 'jpg'));
    const video = `video/20261126/${storage[AUTHOR]?.keyScope}/${'a'.repeat(32)}.mp4`;
    const bucket = storage[AUTHOR]?.bucket ?? '';
    const dead = (path: string) => [
      `/oss//${bucket}/${path}`,
      `/OSS/${bucket}/${path}`,
      `/oss/${bucket.toUpperCase()}/${path}`,
      `http://localhost/oss//${bucket}/${path}`,
    ];
    const image = clean.replace(/^\/oss\/[^/]+\//, '');
    /**
     * A body address is refused on publish, unless the HTML sanitizer has dropped it already (it
     * keeps only http(s) and our own `/oss/` paths): either way no dead address is published.
     */
    const refusedOrDropped = async (fields: ReturnType<typeof articleFields>, url: string) => {
      const answer = await add(harness.app, tokens[AUTHOR], fields);
      if (answer.code !== ApiCode.OK) return assert.deepEqual([answer.code, answer.msg], [ApiCode.INVALID_PARAMS, MEDIA_ADDRESS_INVALID], url);
      const stored = await harness.database.db.selectFrom('manuscripts').select('body').where('id', '=', answer.data.manuscript_id).executeTakeFirstOrThrow();
      assert.ok(!stored.body.includes(url.replace(/^http:\/\/localhost/, '')), `dropped: ${url}`);
    };
    for (const url of dead(image)) {
      assert.equal((await call(AUTHOR, '/api/material/save', { files: url, title: '地址', describe: '测试' })).msg, MATERIAL_MESSAGES.BAD_FILE_URL, url);
      await refusedOrDropped(articleFields({ content: `<p>正文</p><p><img src="${url}"></p>`, save_type: SaveType.PUBLISH }), url);
      const cover = await add(harness.app, tokens[AUTHOR], articleFields({ covers: JSON.stringify([url]), save_type: SaveType.PUBLISH }));
      // The editor's own URL rule (shared with the screen) or the storage's: refused either way.
      assert.equal(cover.code, ApiCode.INVALID_PARAMS, `cover ${url}`);
      assert.ok([MEDIA_ADDRESS_INVALID, '封面地址不正确'].includes(cover.msg), `cover ${url}: ${cover.msg}`);
      const licence = await call(AUTHOR, '/api/govAffairs/apply', {
        org_name: '郑州市测试局',
        credit_code: '12410000415800316F',
        licence_url: url,
        contact_name: '王处长',
        contact_phone: '13912345678',
      });
      assert.equal(licence.msg, IMAGE_MESSAGES.NOT_OURS, `licence ${url}`);
    }
    for (const url of dead(video)) {
      const piece = await add(harness.app, tokens[AUTHOR], kindFields(EditorKind.VIDEO, { video_url: url, video_vid: '', save_type: SaveType.PUBLISH }));
      assert.equal(piece.code, ApiCode.INVALID_PARAMS, `video piece ${url}`);
      assert.ok([MEDIA_ADDRESS_INVALID, '视频地址不正确'].includes(piece.msg), `video piece ${url}: ${piece.msg}`);
      await refusedOrDropped(articleFields({ content: `<p>正文</p><video src="${url}" controls=""></video>`, save_type: SaveType.PUBLISH }), url);
    }
    const drama = await call<{ id: number }>(AUTHOR, '/api/microDrama/save', { title: '地址剧', cover_url: '', intro: '' });
    assert.equal(drama.code, ApiCode.OK, drama.msg);
    for (const url of dead(video)) {
      const episode = await call(AUTHOR, '/api/microDrama/episode/save', {
        drama_id: drama.data.id,
        episode_no: 1,
        title: '第一集',
        video_url: url,
        cover_url: '',
      });
      assert.deepEqual([episode.code, episode.msg], [ApiCode.INVALID_PARAMS, MEDIA_MESSAGES.VIDEO_INVALID], `episode ${url}`);
    }
    for (const url of dead(image)) {
      const series = await call(AUTHOR, '/api/microDrama/save', { title: '封面剧', cover_url: url, intro: '' });
      assert.equal(series.msg, IMAGE_MESSAGES.NOT_OURS, `series cover ${url}`);
    }
  });
});
