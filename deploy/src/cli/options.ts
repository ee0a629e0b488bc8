import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RefusalError } from '../errors';

/** Every option any verb takes; each verb lists the ones it accepts. */
const OPTIONS = {
  store: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
  force: { type: 'boolean' },
  env: { type: 'string' },
  who: { type: 'string' },
  version: { type: 'string' },
  dist: { type: 'string' },
  host: { type: 'string' },
  percent: { type: 'string' },
  steps: { type: 'string' },
  'pause-minutes': { type: 'string' },
  'watch-minutes': { type: 'string' },
  reason: { type: 'string' },
  user: { type: 'string' },
  add: { type: 'string' },
  remove: { type: 'string' },
  margin: { type: 'string' },
  'min-loads': { type: 'string' },
  api: { type: 'string', multiple: true },
  'releases-root': { type: 'string' },
  'host-root': { type: 'string' },
  'server-name': { type: 'string' },
  listen: { type: 'string' },
  'access-log': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type OptionName = keyof typeof OPTIONS;
export const COMMON: OptionName[] = ['store', 'env', 'who', 'server', 'token', 'help'];

export interface Parsed {
  verb: string;
  positionals: string[];
  values: Partial<Record<OptionName, string | string[] | boolean>>;
}

/**
 * Options whose value is opaque and may start with a dash (a token is random base64url): the word
 * after them is always their value, which parseArgs would otherwise refuse as ambiguous.
 */
const OPAQUE: readonly OptionName[] = ['token'];

/** `--token -abc` → `--token=-abc`; everything else as typed. */
function joinOpaqueValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (next !== undefined && next.startsWith('-') && OPAQUE.some((name) => arg === `--${name}`)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function parse(argv: string[]): Parsed {
  let result;
  try {
    result = parseArgs({ args: joinOpaqueValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new RefusalError((error as Error).message);
  }
  const [verb = 'help', ...positionals] = result.positionals;
  return { verb, positionals, values: result.values };
}

export function str(parsed: Parsed, name: OptionName): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A number option, refused when it is not one. */
export function num(parsed: Parsed, name: OptionName, fallback?: number): number | undefined {
  const value = str(parsed, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new RefusalError(`--${name} must be a number (got "${value}")`);
  return n;
}

/** The folder holding pnpm-workspace.yaml above `from`, or `from` itself outside a workspace. */
export function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}
