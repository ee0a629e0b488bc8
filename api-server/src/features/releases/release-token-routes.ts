/** Admins: CI release tokens (made, listed, revoked) and release managers' scopes. */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { releases as contract } from 'shared-sdk/contract/schemas';
import { invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { OPERATOR_MESSAGES, findOperator } from '../operators/accounts';
import { audited } from '../operators/audit';
import { isKnownRemote } from './release-access';
import { RELEASE_MESSAGES, requiredReason } from './release-api';
import { RELEASE_TOKEN_DEFAULT_DAYS, insertReleaseToken, listReleaseTokens, revokeReleaseToken } from './release-tokens';

export function registerReleaseTokenRoutes(app: FastifyInstance): void {
  serve(app, contract.releaseTokenList, async () => ok(await listReleaseTokens(app.db)));

  serve(app, contract.releaseTokenCreate, async (request) => {
    const actor = requireOperator(request);
    const { name, remote, env, expires_days: days = RELEASE_TOKEN_DEFAULT_DAYS } = request.body;
    if (!isKnownRemote(remote)) throw invalid(RELEASE_MESSAGES.UNKNOWN_REMOTE);
    // The schema refuses it absent or empty; a blank one would sign every step as `ci:`.
    if (!name.trim()) throw invalid(OPERATOR_MESSAGES.TOKEN_NAME_REQUIRED);
    return audited(app.db, actor, async (tx, record) => {
      const created = await insertReleaseToken(tx, { name, remote, env, days, createdBy: actor.name });
      record({ action: 'release_token.create', targetType: 'release_token', targetId: created.info.id, after: created.info });
      return ok(created, '令牌只显示这一次，请妥善保存');
    });
  });

  serve(app, contract.releaseTokenRevoke, async (request) => {
    const { id } = request.body;
    const reason = requiredReason(request.body.reason);
    return audited(app.db, requireOperator(request), async (tx, record) => {
      const { before, after } = await revokeReleaseToken(tx, id);
      record({ action: 'release_token.revoke', targetType: 'release_token', targetId: id, before, after, reason });
      return ok(after);
    });
  });

  serve(app, contract.operatorSetReleaseScope, async (request) => {
    const { id, remotes, envs } = request.body;
    const reason = requiredReason(request.body.reason);
    const unknown = remotes.filter((remote) => !isKnownRemote(remote));
    if (unknown.length) throw invalid(`${RELEASE_MESSAGES.UNKNOWN_REMOTE}（${unknown.join('、')}）`);
    const scope = { remotes: [...new Set(remotes)].sort(), envs: [...new Set(envs)].sort() };
    return audited(app.db, requireOperator(request), async (tx, record) => {
      const before = await findOperator(tx, id);
      const after = await tx
        .updateTable('operators')
        .set({ release_scope: JSON.stringify(scope) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      record({
        action: 'operator.release_scope',
        targetType: 'operator',
        targetId: id,
        before: { release_scope: before.release_scope },
        after: { release_scope: scope },
        reason,
      });
      return ok({ id: after.id, name: after.name, role: after.role, release_scope: scope });
    });
  });
}
