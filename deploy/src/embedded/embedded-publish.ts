/**
 * The start-up publish of `npm start` (scripts/start.mjs): each remote's local build goes into the
 * embedded release store as `<package version>-b<8 hex of the build's content>` (immutable: the same
 * build is never published twice, so a restart without a rebuild only reads a few small files).
 * Publishing is not promoting: the build becomes stable only while nobody but start-up has touched
 * that remote's rollout (a fresh checkout, a developer rebuilding). Once an operator (or the
 * server's automatic rollback) took a step, stable stays what the manifest says.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { RefusalError } from '../errors';
import * as operations from '../operations';
import { listFiles } from '../publish/dist-files';
import type { HostProvides } from '../publish/compat';
import { defaultHostSource, loadHostProvides } from '../publish/host-provides';
import { publish } from '../publish/publish';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';

export const EMBEDDED_REMOTES = ['mf-materials', 'mf-drafts', 'mf-editor', 'mf-newspaper', 'mf-tools', 'mf-console'] as const;

/** Who start-up's own steps are recorded as: any other name in a remote's history is an operator's step. */
export const START_UP = 'npm-start';

export interface EmbeddedPublishOptions {
  repoRoot: string;
  /** The release store folder, e.g. `<DATA_DIR>/releases`. */
  storeDir: string;
  env?: string;
  remotes?: readonly string[];
  /** `<remote>` → its build folder; defaults to `<repoRoot>/<remote>/dist`. */
  distOf?: (remote: string) => string;
  log?: (line: string) => void;
  /** The host's singleton versions; defaults to the host build's (or host-shell/package.json's). */
  host?: HostProvides;
}

export interface EmbeddedResult {
  remote: string;
  version: string | null;
  published: boolean;
  promoted: boolean;
  skipped?: string;
}

/** 8 hex of a sha256 over every file of the build (paths and contents, in sorted order). */
export async function contentHash(distDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await listFiles(distDir)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(distDir, ...file.split('/'))))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

export async function embeddedPublish(options: EmbeddedPublishOptions): Promise<EmbeddedResult[]> {
  const { repoRoot } = options;
  const env = options.env ?? 'production';
  const log = options.log ?? (() => undefined);
  const store = new ReleaseStore(new FolderBlobStore(options.storeDir));
  const ctx = { store, env, who: START_UP };
  const host = options.host ?? (await loadHostProvides(defaultHostSource(repoRoot)));
  const results: EmbeddedResult[] = [];
  for (const remote of options.remotes ?? EMBEDDED_REMOTES) {
    const distDir = options.distOf?.(remote) ?? path.join(repoRoot, remote, 'dist');
    try {
      await fs.access(path.join(distDir, 'routes.json'));
    } catch {
      results.push({ remote, version: null, published: false, promoted: false, skipped: 'not built' });
      continue;
    }
    const pkg = JSON.parse(await fs.readFile(path.join(distDir, 'routes.json'), 'utf8')) as { version: string };
    const buildTag = `b${await contentHash(distDir)}`;
    const version = `${pkg.version}-${buildTag}`;
    let published = false;
    if (!(await store.readRelease(remote, version))) {
      await publish(store, { remote, distDir, host, who: START_UP, buildTag });
      published = true;
    }
    const manifest = await store.readManifest(env);
    const current = manifest.remotes[remote];
    let promoted = false;
    if (current?.stable?.version !== version) {
      const operator = current?.history.find((step) => step.who !== START_UP);
      if (operator) {
        // A rollback, a canary, a promote by hand: stable is the operator's call from now on.
        log(`${remote} ${version}: published, not made stable (${operator.action} by ${operator.who}; stable stays ${current?.stable?.version ?? 'unset'})`);
      } else {
        try {
          await operations.promote(ctx, remote, version);
          promoted = true;
        } catch (error) {
          if (!(error instanceof RefusalError)) throw error;
          log(`${remote} ${version}: ${error.message}`);
        }
      }
    }
    if (published || promoted) log(`${remote} ${version}${published ? ' published' : ''}${promoted ? ', stable' : ''}`);
    results.push({ remote, version, published, promoted });
  }
  return results;
}
