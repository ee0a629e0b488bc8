/** The writing screens' server side (docs/product.md §2 editor, §4, §5): save/publish/schedule, versions, material pre-fill, the scheduler, the operator's review. */
import type { FastifyPluginAsync } from 'fastify';
import { operatorReviewRoute } from './operator-review';
import saveRoute from './save-route';
import scheduler from './scheduler';
import useMaterialRoute from './use-material';
import versionsRoutes from './versions';

const editor: FastifyPluginAsync = async (app) => {
  await app.register(saveRoute);
  await app.register(versionsRoutes);
  await app.register(useMaterialRoute);
  await app.register(operatorReviewRoute);
  await app.register(scheduler);
};

export default editor;
