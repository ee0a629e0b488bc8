/** The review queues: their summary and what waits in each, oldest first. */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { queueSummaries, waitingCertifications, waitingManuscripts, waitingMaterials } from './queues';

export function registerQueueRoutes(app: FastifyInstance): void {
  serve(app, contract.queueSummary, async () => ok(await queueSummaries(app.db)));

  serve(app, contract.queueMaterials, async (request) => {
    const { cm_check, page = 1, size = 20 } = request.query;
    return ok(await waitingMaterials(app.db, { cm_check, page, size }));
  });

  serve(app, contract.queueManuscripts, async (request) => {
    const { page = 1, size = 20 } = request.query;
    return ok(await waitingManuscripts(app.db, { page, size }));
  });

  serve(app, contract.queueCertifications, async (request) => {
    const { kind, page = 1, size = 20 } = request.query;
    return ok(await waitingCertifications(app.db, app.storage, { kind, page, size }));
  });
}
