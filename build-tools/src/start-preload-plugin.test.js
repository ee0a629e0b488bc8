import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { rspack } from '@rspack/core';
import { StartPreloadPlugin, preloadTag } from './start-preload-plugin.js';

/**
 * Builds a small page whose entry imports ./bootstrap (which brings a stylesheet) and ./later; returns
 * the page's HTML and the compilation's errors.
 * @param {string} request
 * @returns {Promise<{ html: string, errors: string[] }>}
 */
async function buildPage(request) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-preload-'));
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    "import(/* webpackChunkName: 'bootstrap' */ './bootstrap');\nimport(/* webpackChunkName: 'later' */ './later');\n",
  );
  fs.writeFileSync(path.join(dir, 'bootstrap.js'), "import './start.css';\nexport const started = true;\n");
  fs.writeFileSync(path.join(dir, 'start.css'), 'body { margin: 0; }\n');
  fs.writeFileSync(path.join(dir, 'later.js'), 'export const later = true;\n');
  const compiler = rspack({
    context: dir,
    mode: 'production',
    entry: { main: './index.js' },
    output: { path: path.join(dir, 'dist'), publicPath: '/', filename: '[name].js', chunkFilename: '[name].js', cssChunkFilename: '[name].css' },
    module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
    plugins: [new rspack.HtmlRspackPlugin(), new StartPreloadPlugin({ entry: 'main', request })],
    devtool: false,
  });
  try {
    const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
    const errors = /** @type {import('@rspack/core').Stats} */ (stats).toJson({ all: false, errors: true }).errors ?? [];
    const html = fs.existsSync(path.join(dir, 'dist', 'index.html')) ? fs.readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8') : '';
    return { html, errors: errors.map((error) => error.message) };
  } finally {
    await new Promise((resolve) => compiler.close(() => resolve(undefined)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the start-up files preloaded from the page', () => {
  it('names a script as a script and a stylesheet as a style, and skips source maps', () => {
    assert.deepEqual(preloadTag('host-start.1a2b.js', '/'), {
      tagName: 'link',
      attributes: { rel: 'preload', href: '/host-start.1a2b.js', as: 'script' },
      voidTag: true,
    });
    assert.equal(preloadTag('9854.1a2b.css', '/')?.attributes.as, 'style');
    assert.equal(preloadTag('host-start.1a2b.js.map', '/'), null);
  });

  it("preloads every file of the entry's import of ./bootstrap, after the entry's script, and nothing of its other imports", async () => {
    const { html, errors } = await buildPage('./bootstrap');
    assert.deepEqual(errors, []);
    const links = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map(([tag]) => tag);
    const hrefs = links.map((tag) => /href="([^"]+)"/.exec(tag)?.[1]).sort();
    assert.deepEqual(hrefs, ['/bootstrap.css', '/bootstrap.js']);
    assert.match(links.find((tag) => tag.includes('bootstrap.css')) ?? '', /as="style"/);
    assert.match(links.find((tag) => tag.includes('bootstrap.js')) ?? '', /as="script"/);
    // The entry is asked for first; ./later's chunk is not preloaded: the page may never need it.
    assert.ok(html.indexOf('src="/main.js"') < html.indexOf('rel="preload"'), html);
    assert.ok(!html.includes('later'), html);
  });

  it('fails the build when the entry has no such import, rather than a page that silently preloads nothing', async () => {
    const { errors } = await buildPage('./start');
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /expected one import of \.\/start in the entry main, found 0/);
  });
});
