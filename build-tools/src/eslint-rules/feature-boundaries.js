// Feature boundaries (docs/style.md rule 14): the imports of a package's src/ point one way, shared
// code ← features ← app. A file of a feature, `src/features/<a>/`, imports its own feature and the
// package's shared code, never a sibling feature (`src/features/<b>/`) and never the app layer that
// composes features (src/pages, src/expose, src/layout, src/routing, src/app). Shared code (every other folder of src/: src/components, src/hooks, src/lib,
// src/api, src/types, the host's src/remotes, …) imports neither a feature nor the app layer that
// composes features (src/pages, src/expose, src/layout, src/routing, src/app). Outside the layers:
// files directly in src/ (entry points) or directly in src/features/, and src/testing (scaffolding
// for tests of every layer, which may render the whole app). Relative specifiers are resolved
// against the importing file; bare ones (packages, shared-sdk) are other rules' business.
import path from 'node:path';

export const SIBLING_MESSAGE =
  "A feature does not import another feature (src/features/{{from}} → src/features/{{to}}): features stay independent, so each can change without the other. Move what both need into the package's shared code (src/components, src/hooks, src/lib, src/api, src/types) and compose the features in src/pages, src/expose or src/layout (docs/style.md rule 14).";
export const APP_MESSAGE =
  "A feature does not import the app layer (src/features/{{from}} → src/{{to}}): src/pages, src/expose, src/layout, src/routing and src/app compose features, not the other way round. Move what both need into the package's shared code (src/components, src/hooks, src/lib), and test a page beside the page, not in the feature (docs/style.md rule 14).";
export const SHARED_MESSAGE =
  'Shared code does not import a feature or the app layer that composes features (src/{{from}} → src/{{to}}): features build on shared code and src/pages, src/expose, src/layout, src/routing and src/app compose features, so the imports point one way (shared ← features ← app) and a feature can change, or go, without touching the code every feature uses. Move what the shared code needs into the shared folders, or let the caller pass it in (docs/style.md rule 14).';

/** The folders of src/ that compose features into screens: the app layer. */
export const APP_FOLDERS = ['pages', 'expose', 'layout', 'routing', 'app'];
/** Folders of src/ in neither layer: test scaffolding, which tests of every layer use. */
const UNLAYERED_FOLDERS = ['testing'];

/**
 * The package directory and feature name of a file inside `<package>/src/features/<name>/`, else null.
 * @param {string} file
 * @returns {{ root: string, name: string } | null}
 */
export function featureOf(file) {
  const parts = path.resolve(file).split(path.sep);
  for (let i = parts.length - 3; i >= 0; i -= 1) {
    if (parts[i] === 'src' && parts[i + 1] === 'features') {
      const name = parts[i + 2];
      return name !== undefined && i + 3 < parts.length ? { root: parts.slice(0, i).join(path.sep) || path.sep, name } : null;
    }
  }
  return null;
}

/**
 * The package directory and top folder of a file of the package's shared code, `<package>/src/<folder>/`
 * for any folder but src/features, the app layer's and src/testing; else null.
 * @param {string} file
 * @returns {{ root: string, folder: string } | null}
 */
export function sharedOf(file) {
  const parts = path.resolve(file).split(path.sep);
  const i = parts.lastIndexOf('src');
  const folder = parts[i + 1];
  if (i < 0 || i + 2 >= parts.length || folder === undefined) return null;
  if (folder === 'features' || APP_FOLDERS.includes(folder) || UNLAYERED_FOLDERS.includes(folder)) return null;
  return { root: parts.slice(0, i).join(path.sep) || path.sep, folder };
}

/**
 * @param {unknown} node
 * @returns {node is import('eslint').Rule.Node & { type: 'Literal', value: string }}
 */
const isStringLiteral = (node) =>
  typeof node === 'object' && node !== null && 'type' in node && node.type === 'Literal' && 'value' in node && typeof node.value === 'string';

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid a feature importing a sibling feature or the app layer, and shared code importing a feature or the app layer' },
    schema: [],
    messages: { sibling: SIBLING_MESSAGE, app: APP_MESSAGE, shared: SHARED_MESSAGE },
  },
  create(context) {
    const feature = featureOf(context.filename);
    const shared = feature ? null : sharedOf(context.filename);
    const root = feature?.root ?? shared?.root;
    if (root === undefined) return {};
    /** @param {unknown} source an import's specifier node */
    const check = (source) => {
      if (!isStringLiteral(source) || !source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source.value)).split(path.sep);
      if (target[0] !== 'src' || target[1] === undefined) return;
      if (shared) {
        if (target[1] === 'features' || APP_FOLDERS.includes(target[1])) {
          const to = target.slice(1, target[1] === 'features' ? 3 : 2).join('/');
          context.report({ node: source, messageId: 'shared', data: { from: shared.folder, to } });
        }
      } else if (feature) {
        if (APP_FOLDERS.includes(target[1])) context.report({ node: source, messageId: 'app', data: { from: feature.name, to: target[1] } });
        else if (target[1] === 'features' && target[2] && target[2] !== feature.name) {
          context.report({ node: source, messageId: 'sibling', data: { from: feature.name, to: target[2] } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // require('…') and jest.mock('…') / jest.requireActual('…'): a test reaching across a boundary counts too.
      CallExpression(node) {
        const { callee } = node;
        const named =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'jest');
        if (named) check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
