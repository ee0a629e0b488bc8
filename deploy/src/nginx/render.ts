import { RefusalError } from '../errors';

export interface NginxSiteOptions {
  /** host:port of each API replica. */
  apiServers: string[];
  /** The release store's folder (its `<remote>/<version>/` tree is served under /releases/). */
  releasesRoot: string;
  /** The host shell's build folder. */
  hostRoot: string;
  serverName?: string;
  listen?: string;
  /** Where nginx writes its access log (with each request's id); Debian's own file by default. */
  accessLog?: string;
}

const SERVER = /^[A-Za-z0-9.-]+:\d{1,5}$/;
const SAFE_PATH = /^\/[A-Za-z0-9._/-]*$/;

/** Fills the site template; refuses values that would break out of their directive. */
export function renderNginxSite(template: string, options: NginxSiteOptions): string {
  const { apiServers, releasesRoot, hostRoot, serverName = '_', listen = '80', accessLog = '/var/log/nginx/access.log' } = options;
  if (!apiServers.length) throw new RefusalError('give at least one --api host:port');
  const bad = apiServers.find((s) => !SERVER.test(s));
  if (bad) throw new RefusalError(`--api ${bad}: expected host:port`);
  for (const [name, value] of [
    ['--releases-root', releasesRoot],
    ['--host-root', hostRoot],
    ['--access-log', accessLog],
  ] as const) {
    if (!SAFE_PATH.test(value)) throw new RefusalError(`${name} must be an absolute path without spaces or quotes (got ${value})`);
  }
  if (!/^[A-Za-z0-9_.*-]+( [A-Za-z0-9_.*-]+)*$/.test(serverName)) throw new RefusalError(`--server-name ${serverName} is not a server name list`);
  if (!/^[A-Za-z0-9.:[\]]+( [a-z_]+)*$/.test(listen)) throw new RefusalError(`--listen ${listen} is not a listen address`);
  const values: Record<string, string> = {
    API_SERVERS: apiServers.map((s) => `    server ${s} max_fails=3 fail_timeout=10s;`).join('\n'),
    RELEASES_ROOT: releasesRoot.replace(/\/+$/, ''),
    HOST_ROOT: hostRoot.replace(/\/+$/, ''),
    SERVER_NAME: serverName,
    LISTEN: listen,
    ACCESS_LOG: accessLog,
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}
