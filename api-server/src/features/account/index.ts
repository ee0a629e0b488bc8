/** The signed-in creator's own profile data the shell shows (spec §7); the score is features/score's. */
import type { FastifyPluginAsync } from 'fastify';
import { type MpBaseUserinfoAnswer, type WearBadgeAnswer, ok } from 'shared-sdk/contract';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { maskPhone } from './mask-phone';
import { registerProfileRoutes } from './profile-routes';

const userinfoSchema = objectOf({
  u_id: int,
  u_nickname: str,
  u_avatar: str,
  is_reverse_author: int,
  identities_info: { type: 'array', items: str },
  u_cert: objectOf({ cert_type: int }),
  u_phone_masked: str,
});

const account: FastifyPluginAsync = async (app) => {
  app.get('/api/user/mpBaseUserinfo', { schema: { response: { 200: envelope(userinfoSchema) } } }, async (request) => {
    const { user } = requireAuth(request);
    return ok<MpBaseUserinfoAnswer>({
      u_id: user.id,
      u_nickname: user.nickname,
      u_avatar: user.avatar,
      is_reverse_author: user.is_reverse_author,
      identities_info: user.identities,
      u_cert: { cert_type: user.cert_type },
      u_phone_masked: maskPhone(user.phone),
    });
  });

  app.get('/api/userBadge/getUserWearBadge', { schema: { response: { 200: envelope(objectOf({ cover_url: str })) } } }, async (request) =>
    ok<WearBadgeAnswer>({ cover_url: requireAuth(request).user.badge_cover_url }),
  );

  registerProfileRoutes(app);
};

export default account;
