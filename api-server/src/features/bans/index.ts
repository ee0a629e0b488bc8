/**
 * Ban data for the start-up check (spec §7, user host): authenticated by the token parameter alone,
 * unsigned, because the user host does not share the main host's signing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type UserBanInfoAnswer, ok } from 'shared-sdk/contract';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { findActiveBan } from '../../plugins/app/guards';
import { registerAppeal } from './appeal';

const bans: FastifyPluginAsync = async (app) => {
  app.get(
    '/service/userban/getUserBanInfo',
    {
      // A forced-out user's old token still reads its own ban, so the shell can show why.
      config: { auth: 'token', readsForcedLogout: true },
      schema: {
        querystring: objectOf({ token: { type: 'string', minLength: 1 } }),
        response: { 200: envelope(objectOf({ ban_type: int, ban_reason: str, ban_range_type: str })) },
      },
    },
    async (request) => {
      const ban = await findActiveBan(app.db, requireAuth(request).user.id);
      // data null: not banned (the shell then shows no ban dialog).
      if (!ban) return ok<UserBanInfoAnswer | null>(null);
      return ok<UserBanInfoAnswer>({ ban_type: ban.ban_type, ban_reason: ban.reason, ban_range_type: ban.ban_range_type });
    },
  );

  registerAppeal(app);
};

export default bans;
