/**
 * Marks a plugin as not encapsulated, so the hooks and decorators it adds reach every route — what
 * the `fastify-plugin` package does, without the extra dependency for one symbol.
 */
import type { FastifyPluginAsync } from 'fastify';

export function globalPlugin<Options extends Record<string, unknown> = Record<never, never>>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
