import fs from 'node:fs/promises';
import path from 'node:path';
import { RefusalError } from '../errors';
import { isRemoteName } from '../rollout/manifest';
import { isVersion } from '../semver';
import { contentTypeOf } from '../store/blob-store';
import type { ReleaseStore } from '../store/release-store';
import { bytes } from '../store/bytes';
import type { ReleaseInfo } from '../store/release-types';
import { incompatibilities, type HostProvides } from './compat';
import { listFiles, needsIntegrity, sri } from './dist-files';
import { readMfManifest } from './federation-manifest';
import { readRoutesFile } from './routes-file';

export interface PublishOptions {
  remote: string;
  /** Defaults to the version in the build's routes.json. */
  version?: string;
  /**
   * Marks a build that did not bump its version (the embedded start-up publish): the version becomes
   * `<routes.json version>-<buildTag>`, e.g. `1.0.0-b1a2b3c4d` (semver build metadata `+…` is not a
   * valid store key).
   */
  buildTag?: string;
  distDir: string;
  host: HostProvides;
  who: string;
  now?: Date;
}

/**
 * Copies a remote's build into the store as `<remote>/<version>/` and records it in release.json.
 * Refuses an existing version, an incomplete build and a build whose singletons the host cannot
 * serve. release.json is written last: a publish that stops halfway leaves no release behind, and
 * running it again with the same build completes it.
 */
export async function publish(store: ReleaseStore, options: PublishOptions): Promise<ReleaseInfo> {
  const { remote, distDir } = options;
  if (!isRemoteName(remote)) throw new RefusalError(`"${remote}" is not a remote name (lower-case package name such as mf-drafts)`);
  const routesFile = await readRoutesFile(distDir);
  // The build names itself by its federation name (mf_drafts) or its package name (mf-drafts).
  if (routesFile.name.replace(/_/g, '-') !== remote) {
    throw new RefusalError(`${distDir} is a build of ${routesFile.name}, not of ${remote}`);
  }
  const built = options.buildTag ? `${routesFile.version}-${options.buildTag}` : routesFile.version;
  const version = options.version ?? built;
  if (!isVersion(version)) throw new RefusalError(`"${version}" is not a semver version (e.g. 1.4.0)`);
  if (built !== version) {
    throw new RefusalError(
      `the build says ${remote} ${routesFile.version} (routes.json) but you asked to publish ${version}: rebuild with the version you mean`,
    );
  }
  const existing = await store.readRelease(remote, version);
  if (existing) {
    throw new RefusalError(
      `${remote} ${version} is already published (${existing.createdAt} by ${existing.createdBy}); releases are immutable: publish a new version`,
    );
  }

  const mf = await readMfManifest(path.join(distDir, 'mf-manifest.json'));
  const files = await listFiles(distDir);
  const missing = [mf.remoteEntry, ...mf.referenced].filter((file) => !files.includes(file));
  if (missing.length) throw new RefusalError(`the build in ${distDir} is incomplete; missing: ${missing.join(', ')}`);
  const problems = incompatibilities(`${remote} ${version}`, mf.shared, options.host);
  if (problems.length) {
    throw new RefusalError(`${remote} ${version} is incompatible with the host's shared singletons:\n  ${problems.join('\n  ')}`);
  }

  const integrity: Record<string, string> = {};
  for (const file of files) {
    const body = await fs.readFile(path.join(distDir, ...file.split('/')));
    if (needsIntegrity(file)) integrity[file] = sri(body);
    const key = `${remote}/${version}/${file}`;
    if (!(await store.blobs.create(key, body, contentTypeOf(file)))) {
      // Left by a publish that stopped halfway: fine if it is the same file, else someone else is
      // publishing this version right now with a different build.
      const stored = await store.blobs.get(key);
      if (!stored?.equals(bytes(body)))
        throw new RefusalError(`${key} already exists with different content; is another publish of ${remote} ${version} running?`);
    }
  }

  const release: ReleaseInfo = {
    remote,
    version,
    createdAt: (options.now ?? new Date()).toISOString(),
    createdBy: options.who,
    entry: 'mf-manifest.json',
    remoteEntry: mf.remoteEntry,
    files,
    integrity,
    shared: mf.shared,
    routes: routesFile.routes,
  };
  const body = Buffer.from(`${JSON.stringify(release, null, 2)}\n`);
  if (!(await store.blobs.create(`${remote}/${version}/release.json`, body, 'application/json'))) {
    throw new RefusalError(`${remote} ${version} was published by someone else a moment ago`);
  }
  return release;
}
