// Import cycles that the lint cannot see (docs/style.md rule 12). import-x/no-cycle
// (build-tools/src/eslint.js) skips `import type` edges, so a knot held together by types passes it.
// This walks a package's src with the TypeScript parser, follows every edge (static, type-only,
// re-export, dynamic import(), require(), `import('x').T` types) and reports each knot: the files
// that all reach each other (strongly connected components).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(?:tsx?|mts|cts|jsx?|mjs|cjs)$/;

/**
 * Every source file under dir (absolute paths), skipping node_modules and dist.
 * @param {string} dir
 * @returns {string[]}
 */
export function sourceFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/**
 * The module specifiers a file names, type-only ones included.
 * @param {string} fileName
 * @param {string} text
 * @returns {string[]}
 */
export function importSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  /** @type {string[]} */
  const found = [];
  /** @param {import('typescript').Node | undefined} node */
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? found.push(node.text) : undefined);
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      literal(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        literal(node.arguments[0]);
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      literal(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import graph of the files under srcDir: file -> files it imports, both relative to srcDir.
 * Specifiers are resolved like the bundler does (tsconfig.base.json: moduleResolution Bundler);
 * edges that leave srcDir (packages, other workspace packages) are dropped.
 * @param {string} srcDir
 * @returns {Map<string, string[]>}
 */
export function importGraph(srcDir) {
  const root = fs.realpathSync(srcDir);
  const options = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    resolveJsonModule: true,
  };
  const host = ts.sys;
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const edges = new Set();
    for (const specifier of importSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule;
      if (!resolved) continue;
      const target = fs.realpathSync(resolved.resolvedFileName);
      const rel = path.relative(root, target);
      if (rel.startsWith('..') || path.isAbsolute(rel) || target === file) continue;
      edges.add(rel.split(path.sep).join('/'));
    }
    graph.set(path.relative(root, file).split(path.sep).join('/'), [...edges].sort());
  }
  return graph;
}

/**
 * Strongly connected components with more than one file (Tarjan), each sorted, in file order.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function cycleGroups(graph) {
  let next = 0;
  /** @type {Map<string, { index: number, low: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  /** @param {string} v */
  const connect = (v) => {
    const mark = { index: next, low: next };
    next += 1;
    seen.set(v, mark);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      const other = seen.get(w);
      if (!other) mark.low = Math.min(mark.low, connect(w).low);
      else if (onStack.has(w)) mark.low = Math.min(mark.low, other.index);
    }
    if (mark.low === mark.index) {
      const group = stack.splice(stack.lastIndexOf(v));
      for (const w of group) onStack.delete(w);
      if (group.length > 1) groups.push(group.sort());
    }
    return mark;
  };
  for (const v of [...graph.keys()].sort()) if (!seen.has(v)) connect(v);
  return groups.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
}

/**
 * One shortest cycle through the group's first file, as a path that ends where it starts.
 * @param {Map<string, string[]>} graph
 * @param {string[]} group
 * @returns {string[]}
 */
export function shortestCycle(graph, group) {
  const members = new Set(group);
  const start = String(group[0]);
  /** @type {Map<string, string[]>} the path from start to each file reached */
  const routes = new Map([[start, [start]]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const v = String(queue[i]);
    const route = routes.get(v) ?? [v];
    for (const w of graph.get(v) ?? []) {
      if (w === start) return [...route, start];
      if (!members.has(w) || routes.has(w)) continue;
      routes.set(w, [...route, w]);
      queue.push(w);
    }
  }
  return [...group, start];
}

/**
 * One line per knot of srcDir's import graph (files that all reach each other): its shortest cycle
 * through the first file, "a.ts -> b.ts -> a.ts", and the knot's files when the cycle misses some.
 * @param {string} srcDir
 * @returns {string[]}
 */
export function importCycles(srcDir) {
  const graph = importGraph(srcDir);
  return cycleGroups(graph).map((group) => {
    const route = shortestCycle(graph, group);
    const line = route.join(' -> ');
    return route.length - 1 < group.length ? `${line} (one of the cycles among ${group.length} files: ${group.join(', ')})` : line;
  });
}
