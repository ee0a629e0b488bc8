/** The signed-in creator's own profile data the shell shows (docs/product.md §7); the score is features/score's. */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { account as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { maskPhone } from './mask-phone';
import { registerProfileRoutes } from './profile-routes';

const account: FastifyPluginAsync = async (app) => {
  serve(app, contract.userInfo, async (request) => {
    const { user } = requireAuth(request);
    return ok({
      u_id: user.id,
      u_nickname: user.nickname,
      u_avatar: user.avatar,
      is_reverse_author: user.is_reverse_author,
      identities_info: user.identities,
      u_cert: { cert_type: user.cert_type },
      u_phone_masked: maskPhone(user.phone),
    });
  });

  serve(app, contract.wearBadge, async (request) => ok({ cover_url: requireAuth(request).user.badge_cover_url }));

  registerProfileRoutes(app);
};

export default account;
