// Writes `<file>.br` and `<file>.gz` beside every text asset of a production build, so the servers
// (the embedded API server, nginx's gzip_static/brotli_static) send compressed bytes without
// compressing on each request. Runs after emit, on what is really in the output folder, so files
// written by other plugins (index.html, mf-manifest.json, routes.json) are included.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const PLUGIN = 'PrecompressPlugin';
/** Text assets worth compressing; source maps are never served, so they are left alone. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * @param {Buffer} body
 * @returns {Promise<{ br: Buffer, gz: Buffer }>}
 */
export async function compressBoth(body) {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gz };
}

/**
 * Compresses every compressible file under `dir` (recursively); returns how many it wrote.
 * @param {string} dir
 */
export async function precompressFolder(dir) {
  /** @type {string[]} */
  const files = [];
  const walk = async (/** @type {string} */ current) => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) files.push(full);
    }
  };
  await walk(dir);
  await Promise.all(
    files.map(async (file) => {
      const { br, gz } = await compressBoth(await fs.readFile(file));
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise(PLUGIN, async (compilation) => {
      const dir = compilation.outputOptions.path;
      if (dir) await precompressFolder(dir);
    });
  }
}
