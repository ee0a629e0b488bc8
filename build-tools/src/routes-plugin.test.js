import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { evaluateRoutesFile, validateRoutes } from './routes-plugin.js';

/** @param {string} source */
function routesFile(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  const file = path.join(dir, 'routes.ts');
  fs.writeFileSync(file, source);
  return file;
}

describe('routes.ts → routes.json', () => {
  it('evaluates a typed route list that imports only types', () => {
    const file = routesFile(`import type { RouteDeclaration } from 'shared-sdk/contract';
const routes: RouteDeclaration[] = [{ path: '/draft', module: './DraftList', title: '草稿箱' }];
export default routes;`);
    assert.deepEqual(evaluateRoutesFile(file), [{ path: '/draft', module: './DraftList', title: '草稿箱' }]);
  });

  it('refuses a value import, since the file is evaluated outside the bundle', () => {
    const file = routesFile(`import { LIMITS } from 'shared-sdk';\nexport default [{ path: '/x', module: './X', title: String(LIMITS) }];`);
    assert.throws(() => evaluateRoutesFile(file), /may only import types/);
  });

  it('refuses a route whose module is not exposed, a bad open value and a duplicate path', () => {
    const route = { path: '/draft', module: './DraftList', title: '草稿箱' };
    assert.throws(() => validateRoutes([route], ['./Other'], 'routes.ts'), /not in exposes/);
    assert.throws(() => validateRoutes([{ ...route, open: 'popup' }], ['./DraftList'], 'routes.ts'), /open must be/);
    assert.throws(() => validateRoutes([route, route], ['./DraftList'], 'routes.ts'), /declared twice/);
    assert.deepEqual(validateRoutes([route], ['./DraftList'], 'routes.ts'), [route]);
  });

  it("checks a route's sidebar entry: label, order, group and access rule", () => {
    const group = { label: '稿件管理', icon: 'file', order: 2 };
    const route = { path: '/shortPlay', module: './ShortPlay', title: '短剧', menu: { label: '短剧', order: 3, group, access: 'shortDrama' } };
    assert.deepEqual(validateRoutes([route], ['./ShortPlay'], 'routes.ts'), [route]);
    const withMenu = (/** @type {object} */ menu) => () => validateRoutes([{ ...route, menu: { ...route.menu, ...menu } }], ['./ShortPlay'], 'routes.ts');
    assert.throws(withMenu({ label: '' }), /label and a numeric order/);
    assert.throws(withMenu({ order: '3' }), /label and a numeric order/);
    assert.throws(withMenu({ group: { label: '稿件管理', order: 2 } }), /menu.group needs/);
    assert.throws(withMenu({ access: 'admin' }), /menu.access must be/);
    assert.doesNotThrow(withMenu({ access: { tool: 'oddjobs' } }));
  });
});
