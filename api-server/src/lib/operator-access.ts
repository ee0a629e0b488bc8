/**
 * How the operator CLI reaches a running server on the embedded default, without an operator
 * account. The embedded database is single-process: while the server holds DATA_DIR, the CLI cannot
 * open it. So the server writes DATA_DIR/operator.json ({ url, token }, readable by its owner only)
 * when it listens and removes it when it stops; whoever can read DATA_DIR may operate, exactly as
 * whoever can open the database could. The token is random per process and never configured: there
 * is no shared operator secret. Production has no such detour: its `/operator/*` routes answer 403
 * to everything, and the command line goes through the operator API with a personal token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from 'shared-sdk/contract';
import { ApiError } from './api-error';
import { bytes } from './bytes';

export interface OperatorAccess {
  url: string;
  token: string;
  pid: number;
}

let processToken: string | null = null;

/** This process's token for the embedded detour (DATA_DIR/operator.json). */
export function operatorToken(): string {
  processToken ??= randomBytes(24).toString('base64url');
  return processToken;
}

/**
 * The guard of the embedded detour's routes (`/operator/…`): the `x-operator-token` header must be
 * this process's token, and production refuses them whatever the header (operators use /api/operator/).
 */
export function checkEmbeddedOperator(request: FastifyRequest, production: boolean): void {
  if (production || !sameToken(String(request.headers['x-operator-token'] ?? ''), operatorToken())) {
    throw new ApiError(ApiCode.FORBIDDEN, '无权执行运营操作', 403);
  }
}

/** The header naming the OS user who runs the command line, for the audit row the detour's route writes. */
export const CLI_USER_HEADER = 'x-operator-cli-user';

/** The command line's OS user as its detour request names it (letters, digits and . _ @ - only, at most 64), or 'unknown'. */
export function embeddedCliUser(request: FastifyRequest): string {
  const given = String(request.headers[CLI_USER_HEADER] ?? '');
  return /^[\w.@-]{1,64}$/.test(given) ? given : 'unknown';
}

export function sameToken(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(bytes(left), bytes(right));
}

export const operatorFile = (dataDir: string): string => path.join(dataDir, 'operator.json');

export function writeOperatorAccess(dataDir: string, access: OperatorAccess): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(operatorFile(dataDir), JSON.stringify(access), { mode: 0o600 });
}

export function removeOperatorAccess(dataDir: string): void {
  try {
    const current = JSON.parse(fs.readFileSync(operatorFile(dataDir), 'utf8')) as OperatorAccess;
    if (current.pid === process.pid) fs.rmSync(operatorFile(dataDir), { force: true });
  } catch {
    // Nothing to remove.
  }
}

/** The running server's access, if one is listening on this DATA_DIR. */
export function readOperatorAccess(dataDir: string): OperatorAccess | null {
  try {
    const access = JSON.parse(fs.readFileSync(operatorFile(dataDir), 'utf8')) as OperatorAccess;
    process.kill(access.pid, 0);
    return access;
  } catch {
    return null;
  }
}
