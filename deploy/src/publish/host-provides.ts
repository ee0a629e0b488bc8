import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SINGLETONS, type HostProvides } from './compat';
import { parseMfManifest, readMfManifest, type MfManifestSummary } from './federation-manifest';

/**
 * The singleton versions the host provides, from a host build's `mf-manifest.json` (what really
 * runs) or, before the host is built, from its package.json (workspace packages resolved to their
 * own package.json version). `source` is a host build folder, an mf-manifest.json or a package.json.
 */
export async function loadHostProvides(source: string): Promise<HostProvides> {
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new Error(`host versions: ${source} does not exist`);
  const file = stat.isDirectory() ? path.join(source, 'mf-manifest.json') : source;
  if (path.basename(file) === 'package.json') return fromPackageJson(file);
  return providesOf(await readMfManifest(file));
}

/** The singleton versions a host build provides, from its `mf-manifest.json` already parsed. */
export function hostProvidesFromManifest(json: unknown): HostProvides {
  return providesOf(parseMfManifest(json));
}

function providesOf(manifest: MfManifestSummary): HostProvides {
  return Object.fromEntries(Object.entries(manifest.shared).map(([name, shared]) => [name, shared.version]));
}

/** The default: the host's build when there is one, else its package.json. */
export function defaultHostSource(repoRoot: string): string {
  const built = path.join(repoRoot, 'host-shell', 'dist', 'mf-manifest.json');
  return existsSync(built) ? built : path.join(repoRoot, 'host-shell', 'package.json');
}

async function fromPackageJson(file: string): Promise<HostProvides> {
  const pkg = JSON.parse(await fs.readFile(file, 'utf8')) as { dependencies?: Record<string, string> };
  const provides: HostProvides = {};
  for (const name of SINGLETONS) {
    const spec = pkg.dependencies?.[name];
    if (!spec) continue;
    if (spec.startsWith('workspace:')) {
      // A workspace package sits in a sibling folder named after it.
      const sibling = path.join(path.dirname(file), '..', name, 'package.json');
      provides[name] = (JSON.parse(await fs.readFile(sibling, 'utf8')) as { version: string }).version;
    } else if (spec.startsWith('catalog:')) {
      // The workspace's catalog pins the version; the host's installed copy is that version.
      const installed = path.join(path.dirname(file), 'node_modules', name, 'package.json');
      provides[name] = (JSON.parse(await fs.readFile(installed, 'utf8')) as { version: string }).version;
    } else {
      provides[name] = spec.replace(/^[\^~=]/, '');
    }
  }
  return provides;
}
