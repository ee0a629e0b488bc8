import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import antdStyleLoader, { antdStylesheetFor } from './antd-style-loader.js';

describe("antd's per-component stylesheets", () => {
  const stylesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antd-styles-'));
  fs.writeFileSync(path.join(stylesDir, 'menu.css'), '.ant-menu{}');
  fs.writeFileSync(path.join(stylesDir, 'date-picker.css'), '.ant-picker{}');
  const antd = path.join('/repo', 'node_modules', '.pnpm', 'antd@6', 'node_modules', 'antd', 'es');

  it("gives a folder's style modules that folder's stylesheet", () => {
    assert.equal(antdStylesheetFor(path.join(antd, 'menu', 'style', 'index.js'), stylesDir), path.join(stylesDir, 'menu.css'));
    assert.equal(antdStylesheetFor(path.join(antd, 'date-picker', 'style', 'panel.js'), stylesDir), path.join(stylesDir, 'date-picker.css'));
  });

  it('leaves other modules, and folders the product has no stylesheet for, as they are', () => {
    assert.equal(antdStylesheetFor(path.join(antd, 'menu', 'index.js'), stylesDir), null);
    assert.equal(antdStylesheetFor(path.join(antd, 'table', 'style', 'index.js'), stylesDir), null);
    assert.equal(antdStylesheetFor(path.join('/repo', 'src', 'menu', 'style', 'index.js'), stylesDir), null);
  });

  it('prepends the import and watches the stylesheet', () => {
    /** @type {string[]} */
    const watched = [];
    const context = {
      resourcePath: path.join(antd, 'menu', 'style', 'index.js'),
      getOptions: () => ({ stylesDir }),
      addDependency: (/** @type {string} */ file) => watched.push(file),
    };
    const source = 'export default function useStyle() {}\n';
    assert.equal(antdStyleLoader.call(context, source), `import ${JSON.stringify(path.join(stylesDir, 'menu.css'))};\n${source}`);
    assert.deepEqual(watched, [path.join(stylesDir, 'menu.css')]);
    assert.equal(antdStyleLoader.call({ ...context, resourcePath: path.join(antd, 'table', 'style', 'index.js') }, source), source);
  });
});
