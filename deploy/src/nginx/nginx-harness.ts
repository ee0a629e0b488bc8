import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** The nginx binary when one is installed (Debian: nginx-light), else null. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/**
 * Wraps a rendered site in a main config whose every writable path is under `prefix`, so nginx can
 * check and run it without touching the machine's own nginx.
 */
export async function writeMainConfig(prefix: string, siteFile: string): Promise<string> {
  const file = path.join(prefix, 'nginx.conf');
  await fs.writeFile(
    file,
    `daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events { worker_connections 64; }
http {
    types { application/javascript js; application/json json; text/css css; text/html html; image/png png; }
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${siteFile};
}
`,
  );
  return file;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts nginx in the foreground; resolves once it answers on `port`. */
export async function startNginx(nginx: string, prefix: string, config: string, port: number): Promise<ChildProcess> {
  const child = spawn(nginx, ['-p', prefix, '-c', config, '-e', `${prefix}/error.log`], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error(`nginx did not start: ${await fs.readFile(`${prefix}/error.log`, 'utf8').catch(() => '')}`);
}
