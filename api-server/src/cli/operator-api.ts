/**
 * The operator command line as a client of the operator API (everything under /api/operator/): with
 * a server and a personal token (`OPERATOR_API_URL` and `OPERATOR_API_TOKEN`, or `--server` and
 * `--token`), a command is one call with that token, so the server checks the operator's role and
 * writes the audit row under their name. No database credentials on the operator's machine.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { ApiEnvelope } from 'shared-sdk/contract';
import type { AppConfig } from '../config';
import { CliRefusal } from './commands';

export interface ApiTarget {
  /** The server's base URL, without a trailing slash. */
  server: string;
  /** A personal token (`mfop_…`) or a console session token. */
  token: string;
}

/** Where the operator API is, from the options first, then the environment; null when no server is named. */
export function apiServer(options: { server?: string | undefined }, env: Record<string, string | undefined> = process.env): string | null {
  const server = (options.server ?? env.OPERATOR_API_URL ?? '').trim();
  if (!server) return null;
  if (!/^https?:\/\/[^\s/]+/i.test(server)) throw new CliRefusal(`"${server}" is not a server address (http:// or https://…).`);
  return server.replace(/\/+$/, '');
}

/** The server and the token to call it with; null when neither is set, a refusal when only one of them is. */
export function apiTarget(
  options: { server?: string | undefined; token?: string | undefined },
  env: Record<string, string | undefined> = process.env,
): ApiTarget | null {
  const server = apiServer(options, env);
  const token = (options.token ?? env.OPERATOR_API_TOKEN ?? '').trim();
  if (!server && !token) return null;
  if (!server) throw new CliRefusal('A token is set but no server: set OPERATOR_API_URL (or --server) to the server address.');
  if (!token) {
    throw new CliRefusal(
      'No token for the operator API: set OPERATOR_API_TOKEN (or --token) to a personal token; create one with `npm run admin -- operator token create`.',
    );
  }
  return { server, token };
}

/** What production says to a command that would open the database directly. */
export function productionDatabaseRefusal(command: string): CliRefusal {
  return new CliRefusal(
    `APP_ENV=production: "${command}" does not open the database from the command line. Set OPERATOR_API_URL (the server address) ` +
      'and OPERATOR_API_TOKEN (a personal token, from `npm run admin -- operator token create`), or pass --server and --token, ' +
      'and the command goes through the operator API under your name.',
  );
}

/** Refuses the direct database path in production (the bootstrap `operator add` and `migrate` have their own way). */
export function refuseDatabaseInProduction(config: AppConfig, command: string): void {
  if (config.production) throw productionDatabaseRefusal(command);
}

export interface ApiCall {
  method?: 'GET' | 'POST';
  /** The route's URL, e.g. `/api/operator/users/ban`. */
  url: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A raw body instead of JSON (a newspaper's PDF). */
  raw?: { bytes: Uint8Array; contentType: string };
}

/** One call of the operator API; the answer's data, or a refusal carrying the server's message. */
export async function callApi<T>(server: string, token: string | null, call: ApiCall): Promise<T> {
  const url = new URL(call.url, `${server}/`);
  for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (call.raw) {
    headers['content-type'] = call.raw.contentType;
    body = call.raw.bytes as unknown as BodyInit;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: call.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  } catch (error) {
    throw new CliRefusal(`Cannot reach ${server}: ${(error as Error).message}`);
  }
  let answer: ApiEnvelope<T>;
  try {
    answer = (await response.json()) as ApiEnvelope<T>;
  } catch {
    throw new CliRefusal(`${server} answered HTTP ${response.status} without an API answer: is it the API server's address?`);
  }
  if (answer.code !== 0) {
    const hint =
      response.status === 401 ? ' (the token is unknown, revoked or expired)' : response.status === 403 ? ' (your operator role does not allow this)' : '';
    throw new CliRefusal(`Refused by the server: ${answer.msg}${hint}`);
  }
  return answer.data;
}

/** A value from an option, else asked on the terminal (without echo when hidden); refused when neither is possible. */
export async function optionOrPrompt(value: string | undefined, question: string, option: string, hidden = false): Promise<string> {
  if (value) return value;
  if (!process.stdin.isTTY) throw new CliRefusal(`${option} is needed (no terminal to ask on).`);
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const terminal = createInterface({ input: process.stdin, output: hidden ? silent : process.stdout, terminal: true });
  try {
    return (await terminal.question(hidden ? '' : '')).trim();
  } finally {
    terminal.close();
    if (hidden) process.stdout.write('\n');
  }
}
