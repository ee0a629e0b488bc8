/** The creator's enabled tools (spec §7: the code oddjobs adds recruitment management to the menu). */
import type { FastifyPluginAsync } from 'fastify';
import { type ToolListAnswer, ok } from 'shared-sdk/contract';
import { envelope, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { toolName } from './catalogue';
import operatorRoutes from './operator-routes';

const tools: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/user/getToolList',
    { schema: { response: { 200: envelope({ type: 'array', items: objectOf({ code: str, name: str }) }) } } },
    async (request) => ok<ToolListAnswer>(requireAuth(request).user.tools.map((code) => ({ code, name: toolName(code) }))),
  );
  await app.register(operatorRoutes);
};

export default tools;
