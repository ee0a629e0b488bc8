/**
 * How the operator CLI reaches a running server. The embedded database is single-process: while the
 * server holds DATA_DIR, the CLI cannot open it. So the server writes DATA_DIR/operator.json
 * ({ url, token }, readable by its owner only) when it listens and removes it when it stops; whoever
 * can read DATA_DIR may operate, exactly as whoever can open the database could. OPERATOR_TOKEN fixes
 * the token (several replicas on PostgreSQL); otherwise it is random per process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bytes } from './bytes';

export interface OperatorAccess {
  url: string;
  token: string;
  pid: number;
}

let processToken: string | null = null;

export function operatorToken(env: Record<string, string | undefined> = process.env): string {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN;
  // A random token per replica would let the CLI reach one replica only.
  if (env.APP_ENV === 'production') throw new Error('OPERATOR_TOKEN is not set (APP_ENV=production)');
  processToken ??= randomBytes(24).toString('base64url');
  return processToken;
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
