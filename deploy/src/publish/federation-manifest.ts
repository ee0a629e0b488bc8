import fs from 'node:fs/promises';
import { RefusalError } from '../errors';
import type { SharedSingleton } from '../store/release-types';

/** The parts of Module Federation's `mf-manifest.json` that publishing reads. */
export interface MfManifestSummary {
  remoteEntry: string;
  /** Every JS/CSS file the manifest references (exposes and shared fallbacks), relative to dist/. */
  referenced: string[];
  shared: Record<string, SharedSingleton>;
}

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

interface RawManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  shared?: { name?: string; version?: string; requiredVersion?: string | false; assets?: Assets }[];
  exposes?: { assets?: Assets }[];
}

function files(assets: Assets | undefined): string[] {
  return [assets?.js, assets?.css].flatMap((group) => [...(group?.sync ?? []), ...(group?.async ?? [])]);
}

export async function readMfManifest(file: string): Promise<MfManifestSummary> {
  let raw: RawManifest;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8')) as RawManifest;
  } catch (error) {
    throw new RefusalError(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseMfManifest(raw);
}

/** The summary of an `mf-manifest.json` already parsed (a host's, sent to the release API). */
export function parseMfManifest(json: unknown): MfManifestSummary {
  const raw = (json && typeof json === 'object' ? json : {}) as RawManifest;
  if (raw.shared !== undefined && !Array.isArray(raw.shared)) throw new RefusalError('mf-manifest.json: "shared" is not a list');
  const entry = raw.metaData?.remoteEntry;
  const remoteEntry = [entry?.path, entry?.name].filter(Boolean).join('/');
  const shared: Record<string, SharedSingleton> = {};
  for (const item of raw.shared ?? []) {
    // A module taken only from the host (antd's components: `import: false`) has no version of its
    // own but still a requiredVersion, which the compatibility gate checks against the host.
    if (!item.name || (!item.version && !item.requiredVersion)) continue;
    shared[item.name] = { version: item.version ?? '', requiredVersion: item.requiredVersion || '' };
  }
  const referenced = [...(raw.exposes ?? []).flatMap((e) => files(e.assets)), ...(raw.shared ?? []).flatMap((s) => files(s.assets))];
  return { remoteEntry, referenced: [...new Set(referenced)], shared };
}
