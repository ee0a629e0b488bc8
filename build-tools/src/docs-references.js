// Finds references a newcomer could not follow: a `docs/<path>` that does not exist, a
// `docs/product.md §N` (or any `§N`) that product.md has no section for, a Markdown link to a missing
// file, and citations of documents that are not in the repository (the product's former spec, its
// separate architecture and style pages, issue numbers). docs-references.test.js runs it on the
// repository in `npm test`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BINARY = /\.(png|jpe?g|gif|webp|ico|svg|pdf|mp4|mov|webm|mp3|wav|ogg|m4a|woff2?|ttf|otf|zip|gz|br|tgz|wasm|mjs\.map|map)$/i;
const SKIPPED = new Set(['pnpm-lock.yaml']);

/** Citations of documents the repository does not hold, each with what to write instead. */
export const FORBIDDEN = [
  { pattern: /\bspec\s*§\s*\d+/gi, instead: 'docs/product.md §N' },
  { pattern: /\b(?:ARCHITECTURE|STYLE)\.md\b/g, instead: 'docs/architecture.md or docs/style.md' },
  { pattern: /\bissues?\s+#?\d+\b/gi, instead: 'what is meant, in words (issues are not in the repository)' },
];

/**
 * The files to check: tracked and new files git knows of, else every file under `root` but dependencies and output.
 * @param {string} root
 * @returns {string[]}
 */
export function repositoryFiles(root) {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
    return out.split('\0').filter((file) => file && fs.existsSync(path.join(root, file)));
  } catch {
    /** @type {string[]} */
    const files = [];
    /** @param {string} dir */
    const walk = (dir) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!['node_modules', '.git', 'dist', '.data', '.pnpm-store', 'coverage'].includes(entry.name)) walk(rel);
        } else files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

/**
 * The section numbers of docs/product.md (its `## §N` headings).
 * @param {string} root
 * @returns {Set<number>}
 */
export function productSections(root) {
  const file = path.join(root, 'docs', 'product.md');
  if (!fs.existsSync(file)) return new Set();
  return new Set([...fs.readFileSync(file, 'utf8').matchAll(/^## §(\d+)\b/gm)].map((m) => Number(m[1])));
}

/**
 * Every broken or forbidden reference in `files` (paths relative to `root`), as `file:line: what`.
 * `allowed` maps a file to the forbidden citations it may still hold (each string once per occurrence).
 * @param {string} root
 * @param {readonly string[]} files
 * @param {Readonly<Record<string, readonly string[]>>} [allowed]
 * @returns {string[]}
 */
export function brokenReferences(root, files, allowed = {}) {
  const sections = productSections(root);
  /** @type {string[]} */
  const problems = [];
  for (const file of files) {
    if (BINARY.test(file) || SKIPPED.has(path.basename(file))) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (text.includes('\0')) continue;
    const allowance = [...(allowed[file] ?? [])];
    text.split('\n').forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      for (const { pattern, instead } of FORBIDDEN) {
        for (const [found] of line.matchAll(pattern)) {
          const spare = allowance.indexOf(found);
          if (spare >= 0) allowance.splice(spare, 1);
          else problems.push(`${at}: "${found}" cites a document not in the repository; write ${instead}`);
        }
      }
      for (const [, rest] of line.matchAll(/(?<![\w./@-])docs\/([\w./-]*)/g)) {
        const target = `docs/${(rest ?? '').replace(/[.]+$/, '')}`;
        if (!fs.existsSync(path.join(root, target))) problems.push(`${at}: ${target} does not exist`);
      }
      for (const [found, n] of line.matchAll(/§\s*(\d+)/g)) {
        if (!sections.has(Number(n))) problems.push(`${at}: "${found}": docs/product.md has no section §${n}`);
      }
      if (file.endsWith('.md')) {
        for (const [, target = ''] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^(?:[a-z]+:|#|\/)/i.test(target)) continue;
          const local = decodeURI(target.replace(/#.*$/, ''));
          if (!fs.existsSync(path.resolve(root, path.dirname(file), local))) problems.push(`${at}: link to ${target} does not resolve`);
        }
      }
    });
  }
  return problems;
}
