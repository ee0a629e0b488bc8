/**
 * The processes of the scale-out test: API replicas, a transcoding worker and nginx, each a child
 * process with its output kept (the servers log JSON lines the test reads), all killed by pid at
 * the end whatever happened.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  output(): string;
  /** The JSON log lines, parsed. */
  logs(): Array<Record<string, unknown>>;
  exit(): Promise<number | null>;
}

const started: ChildProcess[] = [];

export function startProcess(name: string, command: string, args: string[], env: Record<string, string>, port = 0, cwd = API_ROOT): Proc {
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = child.exitCode !== null ? Promise.resolve(child.exitCode) : once(child, 'exit').then(([code]) => code as number | null);
  return {
    name,
    child,
    port,
    output: () => output,
    logs: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    exit: () => exited,
  };
}

/** An entry point of the API server: built (dist/*.js) as `npm start` runs it, or a TypeScript CLI through tsx. */
export const startServerScript = (name: string, script: string, env: Record<string, string>, port = 0): Proc =>
  startProcess(name, process.execPath, script.endsWith('.ts') ? ['--import', 'tsx', script] : ['--enable-source-maps', script], env, port);

/** Every child still running, killed (SIGKILL: the test is over, nothing to drain). */
export function killAll(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/** Until the replica answers /readyz with 200; fails at once, with its output, if it exits. */
export async function ready(proc: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    const answer = await fetch(`http://127.0.0.1:${proc.port}/readyz`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.name} was not ready after ${timeoutMs} ms:\n${proc.output()}`);
}
