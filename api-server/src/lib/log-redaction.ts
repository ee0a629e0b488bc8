/**
 * Keeps credentials out of the server log. GET calls carry `token=` (and `sign=`) in the URL, login
 * bodies a password, upload credentials a secret key and a session token: wherever a URL, a query or
 * a body reaches a log line, those values are replaced by `[redacted]`. Used by the logger options in
 * app.ts for every line (request serializer, error serializer, and a pass over each logged object).
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Parameter and field names whose values are secrets (compared case-insensitively). */
const SECRET_NAMES = [
  'token',
  'sign',
  'password',
  'old_password',
  'new_password',
  'secretAccessKey',
  'sessionToken',
  'accessKeySecret',
  'security-token',
  'x-oss-security-token',
  'authorization',
  'x-operator-token',
  'cookie',
  'nonce',
];
const SECRET_KEYS = new Set(SECRET_NAMES.map((name) => name.toLowerCase()));

const names = SECRET_NAMES.map((name) => name.replace(/[-_]/g, (char) => `\\${char}`)).join('|');
/** `name=value` in a query string or form body, the name possibly percent-encoded in part. */
const PARAM = new RegExp(`((?:^|[?&;\\s"'])(?:${names})=)[^&#\\s"']*`, 'gi');
/** `"name":"value"` in JSON text (an error message quoting a body). */
const JSON_FIELD = new RegExp(`("(?:${names})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

export function isSecretName(name: string): boolean {
  return SECRET_KEYS.has(name.toLowerCase());
}

/** Replaces secret values in a URL, a query string, a form body or JSON text. */
export function redactText(text: string): string {
  return text.replace(PARAM, `$1${REDACTED}`).replace(JSON_FIELD, `$1"${REDACTED}"`);
}

const MAX_DEPTH = 8;

/** A copy of a logged value with secret fields and secrets inside strings replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // Only plain data is copied: requests, replies and errors have their own serializers (and their
  // fields are getters a copy would lose).
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSecretName(key) ? REDACTED : redactValue(item, depth + 1);
  return out;
}

/** The request as a log line shows it: Fastify's default fields, the URL redacted. */
export function redactedRequest(request: FastifyRequest): { method: string; url: string; [key: string]: unknown } {
  return {
    method: request.method,
    url: redactText(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An error as a log line shows it: type, message and stack with secrets redacted. */
export function redactedError(error: Error & { code?: unknown; statusCode?: unknown }): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  return {
    type: error.name,
    message: redactText(String(error.message)),
    stack: redactText(error.stack ?? ''),
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
  };
}

/** The server's logger settings (the API's and the storage thread's alike): redacted requests, errors and fields. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Tokens ride in GET URLs, passwords and keys in bodies: none of them reach a log line.
    serializers: { req: redactedRequest, err: redactedError },
    formatters: { log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown> },
  };
}
