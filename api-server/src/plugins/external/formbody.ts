/** docs/product.md §7: POST bodies are form-encoded. JSON bodies are parsed by Fastify itself. */
import formbody from '@fastify/formbody';
import { globalPlugin } from '../../lib/global-plugin';

export default globalPlugin(async (app) => {
  await app.register(formbody);
});
