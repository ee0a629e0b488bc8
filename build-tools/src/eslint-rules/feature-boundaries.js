// Feature boundaries (docs/style.md rule 14): a file of a feature, `src/features/<a>/`, imports its
// own feature and the package's shared code, never a sibling feature (`src/features/<b>/`) and never
// the layout (`src/layout/`). What two features share lives in the package's shared folders; pages,
// expose modules and the layout compose features. Relative specifiers are resolved against the
// importing file; bare ones (packages, shared-sdk) are other rules' business.
import path from 'node:path';

export const SIBLING_MESSAGE =
  "A feature does not import another feature (src/features/{{from}} → src/features/{{to}}): features stay independent, so each can change without the other. Move what both need into the package's shared code (src/components, src/hooks, src/lib, src/api, src/types) and compose the features in src/pages, src/expose or src/layout (docs/style.md rule 14).";
export const LAYOUT_MESSAGE =
  "A feature does not import the layout (src/features/{{from}} → src/layout): the layout composes features, not the other way round. Move what both need into the package's shared code (for example src/lib) (docs/style.md rule 14).";

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
 * @param {unknown} node
 * @returns {node is import('eslint').Rule.Node & { type: 'Literal', value: string }}
 */
const isStringLiteral = (node) =>
  typeof node === 'object' && node !== null && 'type' in node && node.type === 'Literal' && 'value' in node && typeof node.value === 'string';

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid a feature importing a sibling feature or the layout' },
    schema: [],
    messages: { sibling: SIBLING_MESSAGE, layout: LAYOUT_MESSAGE },
  },
  create(context) {
    const feature = featureOf(context.filename);
    if (!feature) return {};
    /** @param {unknown} source an import's specifier node */
    const check = (source) => {
      if (!isStringLiteral(source) || !source.value.startsWith('.')) return;
      const target = path.relative(feature.root, path.resolve(path.dirname(context.filename), source.value)).split(path.sep);
      if (target[0] !== 'src') return;
      if (target[1] === 'layout') context.report({ node: source, messageId: 'layout', data: { from: feature.name } });
      else if (target[1] === 'features' && target[2] && target[2] !== feature.name) {
        context.report({ node: source, messageId: 'sibling', data: { from: feature.name, to: target[2] } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // require('…') and jest.mock('…') / jest.requireActual('…'): a test reaching into a sibling counts too.
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
