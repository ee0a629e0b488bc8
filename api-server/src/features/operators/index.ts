/**
 * The operators' API (docs/product.md §6), everything under /api/operator/: sign-in and accounts, personal
 * tokens, the review queues and decisions, appeals, users, the command line's other tasks,
 * newspaper import, the storage report, the audit trail and the console's home. Authentication and the role check are
 * plugins/app/operator-auth.ts; every change goes through `audited` (audit.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { removeUpload, uploadParser } from '../../lib/contract-route';
import { registerAccountRoutes } from './account-routes';
import { registerAppealRoutes } from './appeal-routes';
import { registerAuditRoutes } from './audit-routes';
import { registerDecisionRoutes } from './decision-routes';
import { registerNewspaperRoutes } from './newspaper-routes';
import { registerQueueRoutes } from './queue-routes';
import { registerSessionRoutes } from './session-routes';
import { registerStorageRoutes } from './storage-routes';
import { registerTaskRoutes } from './task-routes';
import { registerUserRoutes } from './user-routes';

const operators: FastifyPluginAsync = async (app) => {
  // The newspaper import's body: the PDF, streamed to a temporary file (never parsed in memory).
  app.addContentTypeParser('application/pdf', uploadParser);
  app.addHook('onResponse', removeUpload);

  registerSessionRoutes(app);
  registerAccountRoutes(app);
  registerQueueRoutes(app);
  registerDecisionRoutes(app);
  registerAppealRoutes(app);
  registerUserRoutes(app);
  registerTaskRoutes(app);
  registerNewspaperRoutes(app);
  registerAuditRoutes(app);
  registerStorageRoutes(app);
};

export default operators;
