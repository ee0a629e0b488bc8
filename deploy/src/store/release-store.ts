import { randomBytes } from 'node:crypto';
import { ConflictError } from '../errors';
import { emptyManifest, parseManifest } from '../rollout/manifest';
import type { RolloutManifest, RolloutStats } from '../rollout/types';
import type { BlobStore } from './blob-store';
import type { ReleaseInfo } from './release-types';

const pad = (revision: number) => String(revision).padStart(10, '0');

/**
 * Published releases, the rollout manifest of each environment and its load stats, on either
 * backend. Layout: `<remote>/<version>/…` (immutable), `manifests/<env>/<revision>.json` (one file per
 * revision, created exclusively: the compare-and-swap), `manifests/<env>.json` (a copy of the latest,
 * for people and tools that just want to read it), `stats/<env>.json`.
 */
export class ReleaseStore {
  constructor(readonly blobs: BlobStore) {}

  async readRelease(remote: string, version: string): Promise<ReleaseInfo | null> {
    const body = await this.blobs.get(`${remote}/${version}/release.json`);
    return body ? (JSON.parse(body.toString('utf8')) as ReleaseInfo) : null;
  }

  /** Published versions of a remote (those whose release.json exists), in no particular order. */
  async listVersions(remote: string): Promise<string[]> {
    const keys = await this.blobs.list(`${remote}/`);
    return keys.filter((key) => /^[^/]+\/[^/]+\/release\.json$/.test(key)).map((key) => key.split('/')[1] ?? '');
  }

  async readManifest(env: string): Promise<RolloutManifest> {
    const latest = await this.latestRevision(env);
    if (latest === 0) return emptyManifest(randomBytes(8).toString('hex'));
    const key = `manifests/${env}/${pad(latest)}.json`;
    const body = await this.blobs.get(key);
    if (!body) throw new Error(`${this.blobs.location}: ${key} disappeared while reading`);
    return parseManifest(body.toString('utf8'), key);
  }

  /**
   * Writes `manifest` as the revision after `expectedRevision`. Refused with ConflictError when
   * another write landed first, whichever process it came from.
   */
  async writeManifest(env: string, manifest: RolloutManifest, expectedRevision: number): Promise<RolloutManifest> {
    const current = await this.latestRevision(env);
    if (current !== expectedRevision) throw new ConflictError(env, expectedRevision, current);
    const next: RolloutManifest = { ...manifest, revision: expectedRevision + 1 };
    const body = Buffer.from(`${JSON.stringify(next, null, 2)}\n`);
    if (!(await this.blobs.create(`manifests/${env}/${pad(next.revision)}.json`, body, 'application/json'))) {
      throw new ConflictError(env, expectedRevision, null);
    }
    await this.blobs.put(`manifests/${env}.json`, body, 'application/json');
    return next;
  }

  /** Reads, applies `change`, writes based on the revision read: one deploy step. */
  async updateManifest(env: string, change: (manifest: RolloutManifest) => RolloutManifest): Promise<RolloutManifest> {
    const current = await this.readManifest(env);
    return this.writeManifest(env, change(current), current.revision);
  }

  async readStats(env: string): Promise<RolloutStats> {
    const body = await this.blobs.get(`stats/${env}.json`);
    return body ? (JSON.parse(body.toString('utf8')) as RolloutStats) : {};
  }

  async writeStats(env: string, stats: RolloutStats): Promise<void> {
    await this.blobs.put(`stats/${env}.json`, Buffer.from(JSON.stringify(stats, null, 2)), 'application/json');
  }

  /**
   * The newest revision: the copy names a recent one, then we step forward past any revision whose
   * writer stopped before refreshing the copy. Without a copy, the revision files are listed.
   */
  private async latestRevision(env: string): Promise<number> {
    const copy = await this.blobs.get(`manifests/${env}.json`);
    const last = copy ? null : (await this.blobs.list(`manifests/${env}/`)).at(-1);
    let revision = copy
      ? parseManifest(copy.toString('utf8'), `manifests/${env}.json`).revision
      : last
        ? Number(last.slice(last.lastIndexOf('/') + 1, -'.json'.length))
        : 0;
    while (await this.blobs.get(`manifests/${env}/${pad(revision + 1)}.json`)) revision++;
    return revision;
  }
}
