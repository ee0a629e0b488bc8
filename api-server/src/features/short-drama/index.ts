/** Whether the creator may see the short-drama entries (spec §6: only when check is true). */
import type { FastifyPluginAsync } from 'fastify';
import { type HasAuthAnswer, ok } from 'shared-sdk/contract';
import { bool, envelope, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';

const shortDrama: FastifyPluginAsync = async (app) => {
  app.post('/api/microDrama/isHasAuth', { schema: { response: { 200: envelope(objectOf({ check: bool })) } } }, async (request) =>
    ok<HasAuthAnswer>({ check: requireAuth(request).user.short_drama_auth }),
  );
};

export default shortDrama;
