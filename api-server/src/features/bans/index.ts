/**
 * Ban data for the start-up check (docs/product.md §7, user host): authenticated by the token parameter alone,
 * unsigned, because the user host does not share the main host's signing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { bans as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { findActiveBan } from '../../plugins/app/guards';
import { registerAppeal } from './appeal';

const bans: FastifyPluginAsync = async (app) => {
  serve(
    app,
    contract.userBanInfo,
    async (request) => {
      const ban = await findActiveBan(app.db, requireAuth(request).user.id);
      // data null: not banned (the shell then shows no ban dialog).
      if (!ban) return ok(null);
      return ok({ ban_type: ban.ban_type, ban_reason: ban.reason, ban_range_type: ban.ban_range_type });
    },
    // A forced-out user's old token still reads its own ban, so the shell can show why.
    { config: { readsForcedLogout: true } },
  );

  registerAppeal(app);
};

export default bans;
