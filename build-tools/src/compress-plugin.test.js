import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { precompressFolder } from './compress-plugin.js';

describe('precompressed build files', () => {
  it('writes .br and .gz that decode to the original, for text assets only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const code = 'export const x = "一二三";\n'.repeat(200);
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'static', 'main.1a2b3c4d.js'), code);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js.map'), '{}');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50]));
    assert.equal(await precompressFolder(dir), 2);
    const js = path.join(dir, 'static', 'main.1a2b3c4d.js');
    assert.equal(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString(), code);
    assert.equal(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString(), code);
    assert.ok(fs.readFileSync(`${js}.br`).length < code.length / 10);
    assert.ok(fs.existsSync(path.join(dir, 'index.html.gz')));
    assert.ok(!fs.existsSync(path.join(dir, 'main.1a2b3c4d.js.map.gz')), 'source maps are not compressed');
    assert.ok(!fs.existsSync(path.join(dir, 'logo.png.br')), 'images are not compressed');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
