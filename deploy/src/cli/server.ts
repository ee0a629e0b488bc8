/**
 * `deploy --server URL --token T` (or DEPLOY_SERVER / DEPLOY_TOKEN): every verb goes through the
 * server's release API instead of writing a store folder. The server checks the token's scope,
 * computes the SRI hashes, writes the store (folder or bucket) and the audit trail, and names the
 * token's owner (or `ci:<token name>`) as the author: there is no --who, --store or --env here (the
 * server releases on the environment it serves).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { RefusalError } from '../errors';
import { table } from './format';

export interface ServerTarget {
  url: string;
  token: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One remote's state as the server's release list answers it. */
export interface RemoteState {
  remote: string;
  stable: string | null;
  canary: { version: string; percent: number; paused: boolean; loads: number; failures: number } | null;
  previous: string[];
  versions: string[];
  qa_users: string[];
  pins: Record<string, string>;
  history: { at: string; who: string; action: string; from: string | null; to: string | null; reason?: string; user?: string }[];
}

/** Calls the release API; a refusal (any code but 0) becomes a RefusalError with the server's message. */
export async function callServer<T>(
  target: ServerTarget,
  path: string,
  o: { json?: Record<string, unknown>; body?: Buffer; query?: Record<string, string> } = {},
): Promise<T> {
  const url = new URL(path, target.url.endsWith('/') ? target.url : `${target.url}/`);
  for (const [key, value] of Object.entries(o.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { authorization: `Bearer ${target.token}` };
  let body: string | Blob | undefined;
  if (o.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.body) {
    headers['content-type'] = 'application/gzip';
    body = new Blob([new Uint8Array(o.body)]);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: o.json || o.body ? 'POST' : 'GET', headers, ...(body ? { body } : {}) });
  } catch (error) {
    throw new RefusalError(
      `cannot reach ${url.origin}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
    );
  }
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new RefusalError(`${url.pathname}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  if (envelope.code !== 0) throw new RefusalError(`the server refused (code ${envelope.code}, HTTP ${response.status}): ${envelope.msg}`);
  return envelope.data;
}

/** The release API's answer to a host check (the contract's `releaseCheckHost`). */
export interface HostCheckAnswer {
  env: string;
  checked: number;
  breaks: { remote: string; version: string; roles: string[]; problems: string[] }[];
  unchecked: string[];
}

/**
 * Sends the new host's `mf-manifest.json` (its shared list: all the check reads, and small) to the
 * server, which checks it against every released remote version on its environment.
 */
export async function checkHostOnServer(target: ServerTarget, hostSource: string): Promise<HostCheckAnswer> {
  const file = (await fs.stat(hostSource).catch(() => null))?.isDirectory() ? path.join(hostSource, 'mf-manifest.json') : hostSource;
  let manifest: { shared?: { name?: unknown; version?: unknown }[] };
  try {
    manifest = JSON.parse(await fs.readFile(file, 'utf8')) as typeof manifest;
  } catch (error) {
    throw new RefusalError(`cannot read the new host's ${file}: ${(error as Error).message}`);
  }
  const shared = (Array.isArray(manifest.shared) ? manifest.shared : []).map(({ name, version }) => ({ name, version }));
  return callServer<HostCheckAnswer>(target, 'api/operator/releases/check-host', { json: { shared } });
}

export async function listRemotes(target: ServerTarget): Promise<{ env: string; remotes: RemoteState[] }> {
  return callServer(target, 'api/operator/releases');
}

export function serverStatusLines(env: string, remotes: RemoteState[]): string[] {
  const rows = [['remote', 'stable', 'canary', '%', 'canary loads', 'pins', 'versions']];
  for (const r of remotes) {
    rows.push([
      r.remote,
      r.stable ?? '-',
      r.canary?.version ?? '-',
      r.canary ? `${r.canary.percent}${r.canary.paused ? ' (paused)' : ''}` : '-',
      r.canary ? `${r.canary.loads} (${r.canary.failures} failed)` : '-',
      String(Object.keys(r.pins).length),
      String(r.versions.length),
    ]);
  }
  return [`${env}`, ...table(rows)];
}

export function serverHistoryLines(state: RemoteState | undefined, remote: string): string[] {
  if (!state?.history.length) return [`${remote}: no history`];
  return table(
    state.history.map((h) => [
      h.at,
      h.who,
      h.action,
      `${h.from ?? '-'} → ${h.to ?? '-'}`,
      [h.user ? `user ${h.user}` : '', h.reason ?? ''].filter(Boolean).join('; '),
    ]),
  );
}
