/**
 * Maps a reported stack back to the remote's source through the hidden source maps each release
 * keeps beside its code in the release store (`<remote>/<version>/<file>.map`, never served). Only
 * frames of the reported release are looked up, by names checked like the release files' route, so
 * a hostile stack reads nothing else; releases never change, so a parsed map is kept (the last few).
 */
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { ReleaseStore } from 'deploy';

const SEGMENT = /^[A-Za-z0-9_.@-]+$/;
/** Frames mapped per stack: the top of the stack names the fault. */
const FRAMES_MAPPED = 12;
const MAPS_KEPT = 16;
/** A larger map is not parsed (a remote's chunk map is a few MB at most). */
const MAP_BYTES_MAX = 30 * 1024 * 1024;

export interface MappedStack {
  /** The stack with each frame of the release replaced by `src/file.tsx:line:column`, others by their path. */
  stack: string;
  /** The first frame found in the release's sources (`src/…:line:column`), or ''. */
  source: string;
}

/** `(url:line:column)`, `at url:line:column` (Chromium) or `name@url:line:column` (Firefox, Safari). */
const FRAME = /^(.*?)(?:\(|@|\bat\s+)((?:https?:\/\/[^\s/]+)?\/[^\s()]*?):(\d+):(\d+)\)?\s*$/;

export class SourceMaps {
  private readonly maps = new Map<string, Promise<TraceMap | null>>();

  constructor(private readonly store: ReleaseStore) {}

  private mapOf(key: string): Promise<TraceMap | null> {
    const kept = this.maps.get(key);
    if (kept) {
      // Most recently used last.
      this.maps.delete(key);
      this.maps.set(key, kept);
      return kept;
    }
    const loading = this.store.blobs.get(key).then(
      (bytes) => (bytes && bytes.length <= MAP_BYTES_MAX ? new TraceMap(bytes.toString('utf8')) : null),
      () => null,
    );
    // A map that cannot be parsed is remembered as none.
    const settled = loading.catch(() => null);
    this.maps.set(key, settled);
    while (this.maps.size > MAPS_KEPT) this.maps.delete(this.maps.keys().next().value as string);
    return settled;
  }

  /** The release-relative file of a frame's URL when it is a file of `remote`@`version`, else null. */
  private static releaseFile(url: string, remote: string, version: string): string | null {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
    const prefix = `/releases/${remote}/${version}/`;
    if (!path.startsWith(prefix)) return null;
    const file = path.slice(prefix.length);
    const parts = file.split('/');
    return parts.every((part) => SEGMENT.test(part) && part !== '.' && part !== '..') && file.endsWith('.js') ? file : null;
  }

  async map(stack: string, remote: string, version: string): Promise<MappedStack> {
    const lines = stack.split('\n').slice(0, 50);
    let mapped = 0;
    let source = '';
    const out: string[] = [];
    for (const line of lines) {
      const frame = FRAME.exec(line.trim());
      if (!frame) {
        out.push(line.trim());
        continue;
      }
      const [, before = '', url = '', lineText = '0', columnText = '0'] = frame;
      const name = before.replace(/^at\s+/, '').trim();
      const file = SourceMaps.releaseFile(url, remote, version);
      let where = `${url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? ''}:${lineText}:${columnText}`;
      if (file && mapped < FRAMES_MAPPED) {
        mapped++;
        const map = await this.mapOf(`${remote}/${version}/${file}.map`);
        const position = map ? originalPositionFor(map, { line: Number(lineText), column: Math.max(0, Number(columnText) - 1) }) : null;
        if (position?.source && position.line !== null) {
          const original = `${position.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')}:${position.line}:${(position.column ?? 0) + 1}`;
          where = original;
          if (!source) source = original;
        }
      }
      out.push(`at ${name ? `${name} (${where})` : where}`);
    }
    return { stack: out.join('\n'), source };
  }
}
