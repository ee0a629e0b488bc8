/**
 * Reading Chromium CPU profiles of the built product: frames named through the builds' own source
 * maps, which the packages keep in their dist folders and never serve.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../e2e/support/server';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();

/** The build's own source map of a served file, from the packages' dist folders (never served). */
function sourceMapOf(url: string): SourceMap | null {
  const name = path.basename(new URL(url, 'http://x').pathname);
  if (maps.has(name)) return maps.get(name) ?? null;
  let found: SourceMap | null = null;
  for (const pkg of fs.readdirSync(ROOT)) {
    const file = path.join(ROOT, pkg, 'dist', `${name}.map`);
    if (fs.existsSync(file)) {
      found = new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
      break;
    }
  }
  maps.set(name, found);
  return found;
}

/** Where a frame's code comes from: its original source and line, or null for native and unmapped code. */
export function originOf(frame: ProfileNode['callFrame']): { source: string; line: number; name: string } | null {
  if (!frame.url) return null;
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber) as
    { originalSource?: string; originalLine?: number; name?: string } | undefined;
  if (!entry?.originalSource) return null;
  const source = entry.originalSource.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '');
  return { source, line: (entry.originalLine ?? 0) + 1, name: entry.name ?? frame.functionName ?? '?' };
}

export function nameOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(program)';
  const origin = originOf(frame);
  if (origin) return `${origin.name} (${origin.source}:${origin.line})`;
  return `${frame.functionName || '(anonymous)'} (${path.basename(frame.url)}:${frame.lineNumber + 1})`;
}

/**
 * CPU time (ms) of the profile's samples, split by `classify` of each sample's stack (leaf first):
 * the first class any frame of the stack falls in, or 'other'; idle and GC samples are their own.
 */
export function timeByStack(profile: CpuProfile, classify: (frame: ProfileNode['callFrame']) => string | null): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const classOf = (id: number): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)?.callFrame;
    let found = frame ? classify(frame) : null;
    if (found === null) {
      const up = parent.get(id);
      found = up === undefined ? 'other' : classOf(up);
    }
    memo.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id)?.callFrame.functionName ?? '';
    const key = leaf === '(idle)' ? 'idle' : leaf === '(garbage collector)' ? 'gc' : leaf === '(program)' ? 'program' : classOf(id);
    totals.set(key, (totals.get(key) ?? 0) + ms);
  });
  return totals;
}
