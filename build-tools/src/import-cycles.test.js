import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { importCycles, importSpecifiers } from './import-cycles.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The workspace's packages (pnpm-workspace.yaml) that have a src folder. */
function packagesWithSrc() {
  const workspace = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const listed = workspace.slice(workspace.indexOf('packages:')).split(/\n(?=\S)/)[0] ?? '';
  return [...listed.matchAll(/^\s+-\s+'?([^'\s]+)'?\s*$/gm)].map((m) => String(m[1])).filter((name) => fs.existsSync(path.join(root, name, 'src')));
}

/**
 * @param {Record<string, string>} files
 * @param {(dir: string) => void} check
 */
function withFiles(files, check) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    check(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('import cycles, type-only imports included', () => {
  it("no package's src has an import cycle", () => {
    const packages = packagesWithSrc();
    assert.ok(packages.length >= 10, `found only ${packages.length} packages with a src folder: ${packages.join(', ')}`);
    const found = packages.flatMap((name) => importCycles(path.join(root, name, 'src')).map((cycle) => `  ${name}/src: ${cycle}`));
    if (found.length > 0) {
      assert.fail(
        `${found.length} import cycle(s), counting \`import type\` (import-x/no-cycle in build-tools/src/eslint.js does not see those):\n` +
          `${found.join('\n')}\n` +
          'Move the names both sides need into a module of their own, so that the imports point one way (docs/style.md rule 12).',
      );
    }
  });

  it('finds a cycle held by a type-only import, a re-export, a dynamic import or an import() type', () => {
    withFiles(
      {
        'a.ts': "import type { B } from './b';\nexport const a = 1;\nexport type A = B;\n",
        'b.ts': "import { a } from './a';\nexport interface B { n: typeof a }\n",
        'types/c.ts': "export type { D } from './d';\n",
        'types/d.ts': "export type D = import('./e').E;\n",
        'types/e.ts': "export type E = import('./c').D | number;\n",
        'lazy/f.ts': "export const f = () => import('./g');\n",
        'lazy/g.ts': "import type { f } from './f.js';\nexport const g: typeof f | null = null;\n",
        'knot/x.ts': "import { y } from './y';\nimport { z } from './z';\nexport type X = number;\nexport const x = [y, z];\n",
        'knot/y.ts': "import type { X } from './x';\nexport const y: X = 1;\n",
        'knot/z.ts': "import type { X } from './x';\nexport const z: X = 2;\n",
        'ok/h.ts': "import { i } from './i';\nimport ts from 'typescript';\nexport const h = [i, ts];\n",
        'ok/i.ts': 'export const i = 1;\n',
      },
      (dir) => {
        assert.deepEqual(importCycles(dir), [
          'a.ts -> b.ts -> a.ts',
          'knot/x.ts -> knot/y.ts -> knot/x.ts (one of the cycles among 3 files: knot/x.ts, knot/y.ts, knot/z.ts)',
          'lazy/f.ts -> lazy/g.ts -> lazy/f.ts',
          'types/c.ts -> types/d.ts -> types/e.ts -> types/c.ts',
        ]);
      },
    );
  });

  it('reads every form of import', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "export * from './d';",
      "export type { E } from './e';",
      "import f = require('./f');",
      "const g = await import('./g');",
      "const h = require('./h');",
      "type I = import('./i').I;",
      "import './j';",
    ].join('\n');
    assert.deepEqual(importSpecifiers('x.ts', text), ['./a', './b', './c', './d', './e', './f', './g', './h', './i', './j']);
  });
});
