import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shareKeyOf, withRequires } from './expose-requires-plugin.js';

describe('expose requires in the federation manifest', () => {
  it('reads the share key of a consume-shared module, scoped package names included', () => {
    assert.equal(shareKeyOf('consume shared module (default) antd/es/button@6.6.8 (strict)'), 'antd/es/button');
    assert.equal(shareKeyOf('consume shared module (default) react@19.3.1 (strict) (fallback: /repo/node_modules/react/index.js)'), 'react');
    assert.equal(
      shareKeyOf('consume shared module (default) @ant-design/icons/es/icons/PlusOutlined@6.1.0 (strict)'),
      '@ant-design/icons/es/icons/PlusOutlined',
    );
    assert.equal(shareKeyOf('consume shared module (default) shared-sdk@^1.0.0 (strict) (fallback: /repo/shared-sdk/src/index.ts)'), 'shared-sdk');
    assert.equal(shareKeyOf('javascript/auto|/repo/src/index.ts'), null);
  });

  it('writes each expose its own sorted list and leaves the others as they were', () => {
    const manifest = {
      exposes: [
        { name: 'DraftList', path: './DraftList', requires: [] },
        { name: 'Other', path: './Other', requires: [] },
      ],
    };
    const result = withRequires(manifest, new Map([['DraftList', { requires: new Set(['react', 'antd/es/tabs', 'antd/es/button']), files: [] }]]));
    assert.deepEqual(result.exposes?.[0]?.requires, ['antd/es/button', 'antd/es/tabs', 'react']);
    assert.deepEqual(result.exposes?.[1]?.requires, []);
  });

  it('lists every chunk of the expose as sync, moving one the federation plugin had left async', () => {
    const manifest = {
      exposes: [{ name: 'DraftList', assets: { js: { sync: ['160.js', '__federation_expose_DraftList.js'], async: ['750.js', 'lazy-dialog.js'] } } }],
    };
    const files = ['220.js', '160.js', '750.js', '__federation_expose_DraftList.js'];
    const result = withRequires(manifest, new Map([['DraftList', { requires: new Set(), files }]]));
    assert.deepEqual(result.exposes?.[0]?.assets?.js, { sync: ['220.js', '750.js', '160.js', '__federation_expose_DraftList.js'], async: ['lazy-dialog.js'] });
  });
});
