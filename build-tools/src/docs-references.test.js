import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { brokenReferences, repositoryFiles } from './docs-references.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OWN = new Set(['build-tools/src/docs-references.js', 'build-tools/src/docs-references.test.js']);

describe('references to docs', () => {
  it('every docs/ reference, product.md section and Markdown link in the repository resolves, and nothing cites a document it does not hold', () => {
    const files = repositoryFiles(root).filter((file) => !OWN.has(file));
    assert.ok(files.length > 500, `found only ${files.length} files to check`);
    assert.deepEqual(brokenReferences(root, files), []);
  });

  it('reports a missing file, a missing section, a broken link and a citation of the old spec', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-refs-'));
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(path.join(dir, 'docs', 'product.md'), '# Product\n\n## §1 What\n\n## §2 Screens\n');
    fs.writeFileSync(path.join(dir, 'a.ts'), '// docs/product.md §2 and §9, docs/gone.md, spec §5\n// docs/product.md §1.\n');
    fs.writeFileSync(path.join(dir, 'b.md'), 'See [product](docs/product.md) and [missing](guide/missing.md#top).\n');
    try {
      assert.deepEqual(brokenReferences(dir, ['a.ts', 'b.md', 'docs/product.md']), [
        'a.ts:1: "spec §5" cites a document not in the repository; write docs/product.md §N',
        'a.ts:1: docs/gone.md does not exist',
        'a.ts:1: "§9": docs/product.md has no section §9',
        'a.ts:1: "§5": docs/product.md has no section §5',
        'b.md:1: link to guide/missing.md#top does not resolve',
      ]);
      assert.deepEqual(brokenReferences(dir, ['a.ts'], { 'a.ts': ['spec §5'] }).length, 3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
