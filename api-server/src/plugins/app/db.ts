/** Makes the database and the configuration reachable from every route as `app.db` / `app.config`. */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DatabaseHandle, Engine, PoolStats } from '../../db/connect';
import type { Database } from '../../db/schema';
import { globalPlugin } from '../../lib/global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Which engine `db` runs on, for the rare statement that is tuned per engine. */
    dbEngine: Engine;
    /** The PostgreSQL pool's counts (/metrics); undefined on PGlite. */
    dbPoolStats: (() => PoolStats) | undefined;
    config: AppConfig;
  }
}

interface DbPluginOptions extends Record<string, unknown> {
  config: AppConfig;
  database: DatabaseHandle;
  /** False when the caller (a test file) shares one database between several app instances. */
  closeOnShutdown: boolean;
}

export default globalPlugin<DbPluginOptions>(async (app, { config, database, closeOnShutdown }) => {
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  app.decorate('dbPoolStats', database.poolStats);
  app.decorate('config', config);
  if (closeOnShutdown) app.addHook('onClose', () => database.close());
});
