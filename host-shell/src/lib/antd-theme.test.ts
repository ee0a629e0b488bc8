import fs from 'node:fs';
import path from 'node:path';
import { ANTD_STYLED_COMPONENTS, ANTD_THEME } from './antd-theme';
import { APP_THEME } from './theme';

/** antd exports that render nothing styled of their own (providers, hooks' holders, types). */
const UNSTYLED = new Set(['ConfigProvider', 'theme', 'Grid']);

/** Every name imported from antd (or one of its components' paths) in the product's sources. */
function antdImports(): Set<string> {
  const root = path.resolve(__dirname, '..', '..', '..');
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
          for (const part of match[1]!.split(',')) {
            const name = part.trim().replace(/\s+as\s+\w+$/, '');
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  for (const pkg of ['host-shell', 'shared-sdk', 'mf-drafts', 'mf-editor', 'mf-materials', 'mf-newspaper', 'mf-tools']) {
    const src = path.join(root, pkg, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return names;
}

describe('antd theme for the build-time stylesheet', () => {
  it('lists every antd component the product imports, so none renders unstyled under zeroRuntime', () => {
    const missing = [...antdImports()].filter((name) => /^[A-Z]/.test(name) && !UNSTYLED.has(name) && !ANTD_STYLED_COMPONENTS.includes(name));
    expect(missing).toEqual([]);
  });

  it('is the product theme with runtime style generation off and unhashed class names', () => {
    expect(ANTD_THEME).toMatchObject({ zeroRuntime: true, hashed: false, token: APP_THEME.token, components: APP_THEME.components });
  });
});
