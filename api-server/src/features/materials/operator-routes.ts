/**
 * POST /operator/material/audit: the moderation step for a CLI that cannot open the database
 * because the server holds it (operator-access.ts). Not a creator call: no signature, no session;
 * the `x-operator-token` header must match.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { materials as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { checkEmbeddedOperator, embeddedCliUser, operatorToken, removeOperatorAccess, writeOperatorAccess } from '../../lib/operator-access';
import { cliActor } from '../operators/audit';
import { AuditRefusal } from './audit';
import { auditMaterialAsCli } from './audit-as-cli';

const operatorRoutes: FastifyPluginAsync = async (app) => {
  serve(app, contract.materialAudit, async (request) => {
    checkEmbeddedOperator(request, app.config.production);
    const { id, status, reason = '' } = request.body;
    try {
      return ok({ message: await auditMaterialAsCli(app.db, cliActor(embeddedCliUser(request)), id, status, reason) });
    } catch (error) {
      if (error instanceof AuditRefusal) throw new ApiError(ApiCode.NOT_FOUND, error.message);
      throw error;
    }
  });

  // Only the embedded database needs the detour; with PostgreSQL the CLI opens the database itself.
  if (!app.config.databaseUrl) {
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return;
      const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
      const shown = host.includes(':') ? `[${host}]` : host;
      writeOperatorAccess(app.config.dataDir, { url: `http://${shown}:${address.port}`, token: operatorToken(), pid: process.pid });
    });
    app.addHook('onClose', async () => removeOperatorAccess(app.config.dataDir));
  }
};

export default operatorRoutes;
