/**
 * The baseline: a bare Node HTTP route in its own process that streams a PUT body to a file on the
 * same disk, and a plain streamed PUT of the file to it. What the machine does with the same bytes
 * when nothing but the socket and the disk is in the way.
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Plain JavaScript for the child: it must not pay for a TypeScript loader.
const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
let n = 0;
const CONFIG = JSON.stringify({ code: 0, msg: 'ok', data: {} });
const server = http.createServer((req, res) => {
  // The idle floor: a GET answered from memory, timed like the product's cheap call.
  if (req.method === 'GET') { res.writeHead(200, { 'content-type': 'application/json' }).end(CONFIG); return; }
  if (req.method !== 'PUT') { res.writeHead(405).end(); return; }
  const file = path.join(process.env.DIR, 'put-' + (n += 1));
  const out = fs.createWriteStream(file);
  req.pipe(out);
  out.on('finish', () => { fs.rmSync(file, { force: true }); res.writeHead(200).end(); });
  out.on('error', () => res.writeHead(500).end());
});
server.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export interface BareServer {
  url: string;
  /** The server's origin: a GET of any path answers a small JSON body from memory. */
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-bare-'));
  const child = spawn(process.execPath, ['-e', SERVER], { env: { ...process.env, DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const match = /PORT (\d+)/.exec(chunk);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/upload`,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One plain PUT of the file, streamed from disk; resolves to the seconds it took. */
export function barePut(url: string, file: string, timeoutMs: number): Promise<number> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', timeout: timeoutMs, headers: { 'content-length': statSync(file).size, 'content-type': 'application/octet-stream' } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve((performance.now() - began) / 1000) : reject(new Error(`bare PUT answered ${response.statusCode}`)),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`bare PUT: no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    createReadStream(file).pipe(request);
  });
}
