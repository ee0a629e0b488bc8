/**
 * POST /operator/tools/<command>: the creator-tool operator commands for a CLI that cannot open the
 * embedded database because this server holds it. Not a creator call: no signature, no session; the
 * `x-operator-token` header must match (the materials feature publishes it in DATA_DIR/operator.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { tools as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { checkEmbeddedOperator, embeddedCliUser } from '../../lib/operator-access';
import { cliActor } from '../operators/audit';
import { OperatorRefusal } from '../../lib/operator-refusal';
import { runToolCommand } from './operator';

const operatorRoutes: FastifyPluginAsync = async (app) => {
  serve(app, contract.operatorToolCommand, async (request) => {
    checkEmbeddedOperator(request, app.config.production);
    try {
      return ok({ message: await runToolCommand(app.db, request.params.command, request.body, cliActor(embeddedCliUser(request))) });
    } catch (error) {
      if (error instanceof OperatorRefusal) throw new ApiError(ApiCode.CONFLICT, error.message);
      throw error;
    }
  });
};

export default operatorRoutes;
