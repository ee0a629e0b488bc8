/**
 * Where the list of remotes comes from. Today: each remote's current build (dist/routes.json) or,
 * in development, its dev server. The release store and staged rollouts will provide another
 * RemoteSource (per user), without touching the route that serves the list.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteEntry, RouteDeclaration } from 'shared-sdk/contract';
import { REMOTES, type RemoteDefinition } from './catalogue';

export interface RemoteSource {
  /** Remotes that can be loaded now; one that is missing or broken is left out, never fatal. */
  list(): Promise<RemoteEntry[]>;
}

/** What a remote's build writes to dist/routes.json. */
interface RoutesFile {
  name: string;
  version: string;
  routes: RouteDeclaration[];
}

function parseRoutesFile(value: unknown, expectedName: string): RoutesFile {
  const file = value as Partial<RoutesFile> | null;
  if (!file || file.name !== expectedName || typeof file.version !== 'string' || !Array.isArray(file.routes)) {
    throw new Error(`routes.json must be {name: "${expectedName}", version, routes: [...]}`);
  }
  const valid = file.routes.every((route) => typeof route?.path === 'string' && typeof route.module === 'string');
  if (!valid) throw new Error('every route needs a path and a module');
  return { name: file.name, version: file.version, routes: file.routes };
}

async function collect(
  remotes: readonly RemoteDefinition[],
  log: FastifyBaseLogger,
  load: (remote: RemoteDefinition) => Promise<RemoteEntry | null>,
): Promise<RemoteEntry[]> {
  const entries = await Promise.all(
    remotes.map((remote) =>
      load(remote).catch((error: unknown) => {
        log.warn({ remote: remote.folder, err: error }, 'remote left out of the list');
        return null;
      }),
    ),
  );
  return entries.filter((entry): entry is RemoteEntry => entry !== null);
}

/** The remotes built in the workspace, served by this server at /remotes/<folder>/. */
export function buildRemoteSource(webRoot: string, log: FastifyBaseLogger, remotes = REMOTES): RemoteSource {
  return {
    list: () =>
      collect(remotes, log, async (remote) => {
        let text: string;
        try {
          text = await readFile(path.join(webRoot, remote.folder, 'dist', 'routes.json'), 'utf8');
        } catch {
          return null; // Not built: simply absent; the host still starts.
        }
        const file = parseRoutesFile(JSON.parse(text), remote.name);
        return { name: file.name, version: file.version, manifestUrl: `/remotes/${remote.folder}/mf-manifest.json`, routes: file.routes };
      }),
  };
}

export type FetchJson = (url: string) => Promise<unknown>;

const fetchJsonWithTimeout: FetchJson = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

/** MF_DEV_SERVERS=1: each remote's dev server on localhost; one that is not running is left out. */
export function devServerRemoteSource(log: FastifyBaseLogger, fetchJson: FetchJson = fetchJsonWithTimeout, remotes = REMOTES): RemoteSource {
  return {
    list: () =>
      collect(remotes, log, async (remote) => {
        const origin = `http://localhost:${remote.devPort}`;
        const file = parseRoutesFile(await fetchJson(`${origin}/routes.json`), remote.name);
        return { name: file.name, version: file.version, manifestUrl: `${origin}/mf-manifest.json`, routes: file.routes };
      }),
  };
}
