import fs from 'node:fs/promises';
import path from 'node:path';
import { RefusalError } from '../errors';
import type { StoredRoute } from '../store/release-types';

export interface RoutesFile {
  name: string;
  version: string;
  routes: StoredRoute[];
}

/** Reads `routes.json`, the route declarations a remote's build writes beside its entry. */
export async function readRoutesFile(distDir: string): Promise<RoutesFile> {
  const file = path.join(distDir, 'routes.json');
  let data: Partial<RoutesFile>;
  try {
    data = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<RoutesFile>;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found (build the remote first)' : (error as Error).message;
    throw new RefusalError(`${file}: ${reason}`);
  }
  const { name, version, routes } = data;
  if (typeof name !== 'string' || typeof version !== 'string' || !Array.isArray(routes)) {
    throw new RefusalError(`${file} must be {"name", "version", "routes": [...]}`);
  }
  const bad = routes.find((route: unknown) => typeof (route as StoredRoute | null)?.path !== 'string');
  if (bad !== undefined) throw new RefusalError(`${file}: every route needs a "path" (got ${JSON.stringify(bad)})`);
  return { name, version, routes };
}
