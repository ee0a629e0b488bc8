import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  /** The `npm start` process (scripts/start.mjs); the server and its ffmpeg runs are its descendants. */
  pid: number;
  stop(): Promise<void>;
}

/** The first operator account the harness makes on a fresh data folder, as a platform's bootstrap does. */
export interface BootstrapOperator {
  name: string;
  password: string;
  /** The TOTP secret (base32), from the otpauth:// URL the command prints once. */
  secret: string;
}

/** Where the harness keeps the bootstrap operator's password and TOTP secret, inside the data folder. */
export const BOOTSTRAP_OPERATOR_FILE = 'e2e-operator.json';

/** The bootstrap admin of the product under test (written by `startProduct`, read by the console tests). */
export function bootstrapOperator(dataDir: string): BootstrapOperator {
  return JSON.parse(fs.readFileSync(path.join(dataDir, BOOTSTRAP_OPERATOR_FILE), 'utf8')) as BootstrapOperator;
}

/**
 * `npm run admin -- operator add e2e-admin --role admin` on the data folder before the product holds
 * it (the embedded database is single-process, and this command opens it directly, as a platform's
 * first operator is made); the password and the TOTP secret it prints once are kept in the folder.
 */
async function addBootstrapOperator(dataDir: string): Promise<void> {
  const name = 'e2e-admin';
  const printed = await runAdmin(dataDir, 'operator', 'add', name, '--role', 'admin');
  const password = /password:\s*(\S+)/.exec(printed)?.[1];
  const url = /TOTP:\s*(otpauth:\/\/\S+)/.exec(printed)?.[1];
  const secret = url ? new URL(url).searchParams.get('secret') : null;
  if (!password || !secret) throw new Error(`operator add printed no password or TOTP secret:\n${printed}`);
  const operator: BootstrapOperator = { name, password, secret };
  fs.writeFileSync(path.join(dataDir, BOOTSTRAP_OPERATOR_FILE), JSON.stringify(operator), { mode: 0o600 });
}

/**
 * Starts the product exactly as `npm start` does, on a free port and a fresh data folder. With
 * `bootstrapOperator`, the folder first gets the platform's first operator (an admin; see
 * `bootstrapOperator()` for its password and TOTP secret).
 */
export async function startProduct(extraEnv: Record<string, string> = {}, o: { bootstrapOperator?: boolean } = {}): Promise<RunningProduct> {
  const port = await freePort();
  // The storage thread takes uploads on a port of its own (as `npm start` runs it, on PORT + 1).
  const storagePort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-e2e-'));
  if (o.bootstrapOperator) {
    try {
      await addBootstrapOperator(dataDir);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    // FETCH_ALLOW_CIDRS: pasted pictures served by a test's own local site may be re-hosted (every other private address is still refused).
    env: {
      ...process.env,
      PORT: String(port),
      STORAGE_PORT: String(storagePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      FETCH_ALLOW_CIDRS: '127.0.0.1/32',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // What the product prints until it answers (shown if it does not start); the whole of it goes to
  // E2E_SERVER_LOG when that names a file, to read after a failed run.
  let log = '';
  const keep = process.env.E2E_SERVER_LOG ? fs.createWriteStream(process.env.E2E_SERVER_LOG, { flags: 'a' }) : null;
  let starting = true;
  const hear = (c: Buffer) => {
    if (starting) log += c.toString();
    keep?.write(c);
  };
  child.stdout?.on('data', hear);
  child.stderr?.on('data', hear);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/runtime/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the product did not start within 180 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  starting = false;
  log = '';
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      keep?.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An operator's step, as an operator runs it: `admin <args>` of the api-server. The running product
 * holds the embedded database, so the CLI reaches it through its DATA_DIR.
 */
export async function runAdmin(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: path.join(ROOT, 'api-server'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout;
}
