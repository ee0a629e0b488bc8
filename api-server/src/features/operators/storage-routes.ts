/** The storage report over HTTP (what `admin storage-report` prints): a read, so no audit row. */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { collectStorageReport } from '../storage-sweep/report';
import { storageReportOptions } from '../storage-sweep/report-cli';

export function registerStorageRoutes(app: FastifyInstance): void {
  serve(app, contract.storageReport, async (request) =>
    ok(await collectStorageReport(storageReportOptions(app.db, app.config, request.query.top ?? 10, app.storage))),
  );
}
