/** The creator's enabled tools (docs/product.md §7: the code oddjobs adds recruitment management to the menu). */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { tools as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { toolName } from './catalogue';
import operatorRoutes from './operator-routes';

const tools: FastifyPluginAsync = async (app) => {
  serve(app, contract.toolList, async (request) => ok(requireAuth(request).user.tools.map((code) => ({ code, name: toolName(code) }))));
  await app.register(operatorRoutes);
};

export default tools;
