/**
 * At start-up the server checks the host it serves (its build under the web root, else its
 * package.json) against every remote version released on its environment (stable, canary, pins,
 * the rollback target), as `deploy check-host` does before a host release, and logs a warning naming
 * each one that cannot run on it. It changes nothing: users keep getting what the manifest says.
 */
import type { FastifyInstance } from 'fastify';
import { type HostBreak, checkHost, defaultHostSource, hostBreakLine, loadHostProvides } from 'deploy';
import { releaseAccess } from './release-access';

export const HOST_BREAK_WARNING = 'released remote version incompatible with the host this server serves';

/** Logs one warning per released remote version the served host breaks; answers them. Never throws. */
export async function warnIncompatibleReleases(app: FastifyInstance): Promise<HostBreak[]> {
  const access = releaseAccess(app);
  try {
    const host = await loadHostProvides(defaultHostSource(app.config.webRoot));
    const { breaks } = await checkHost(access.store, await access.store.readManifest(access.env), host);
    for (const broken of breaks) {
      app.log.warn(
        { env: access.env, remote: broken.remote, version: broken.version, roles: broken.roles, problems: broken.problems },
        `${HOST_BREAK_WARNING}: ${hostBreakLine(broken)}`,
      );
    }
    return breaks;
  } catch (error) {
    app.log.warn({ err: error }, 'start-up host check: the released remotes could not be checked against the host');
    return [];
  }
}
