/** User content typed as it arrives: from its first bytes, an SVG from the whole of a small one. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { readAll } from '../../storage/object-store';
import { SAMPLE } from './oss-test-client';
import { peek, sniffArriving } from './upload-body';

const inChunks = (body: Buffer, size = 1000): Readable =>
  Readable.from(
    (function* chunks() {
      for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
    })(),
  );

const svgOf = (shapes: number, extra = ''): Buffer =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect x="1" y="1" width="2" height="2"/>'.repeat(shapes)}${extra}</svg>`);

describe('sniffArriving', () => {
  it('types a large file by its first bytes and hands every byte on', async () => {
    const png = Buffer.concat([SAMPLE.png, randomBytes(5 * 1024 * 1024)]);
    const { sniffed, body } = await sniffArriving(inChunks(png, 65536));
    assert.equal(sniffed.contentType, 'image/png');
    assert.deepEqual(await readAll(body, png.length), png);
  });

  it('judges an SVG on its whole document, only while it is small enough', async () => {
    const safe = svgOf(500);
    assert.ok(safe.length > 4096, 'longer than the head');
    assert.equal((await sniffArriving(inChunks(safe))).sniffed.contentType, 'image/svg+xml');
    // The script comes after the first 4 KB: a verdict on the head alone would let it through.
    const hostile = svgOf(500, '<script>alert(1)</script>');
    assert.equal((await sniffArriving(inChunks(hostile))).sniffed.contentType, 'application/octet-stream');
    const huge = svgOf(60_000);
    assert.ok(huge.length > 2 * 1024 * 1024);
    const arriving = await sniffArriving(inChunks(huge, 65536));
    assert.equal(arriving.sniffed.contentType, 'application/octet-stream');
    assert.deepEqual(await readAll(arriving.body, huge.length), huge);
  });

  it('peeks at a short stream whole', async () => {
    const peeked = await peek(Readable.from([Buffer.from('abc')]), 10);
    assert.deepEqual([peeked.head.toString(), peeked.ended], ['abc', true]);
    assert.equal((await readAll(peeked.body, 10))?.toString(), 'abc');
  });
});
