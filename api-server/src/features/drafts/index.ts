/** Drafts (docs/product.md §2 /draft, /scriptDetail; §7 draft calls) and the manuscript library (/personalScript). */
import type { FastifyPluginAsync } from 'fastify';
import draftRoutes from './draft-routes';
import manuscriptRoutes from './manuscript-routes';

const drafts: FastifyPluginAsync = async (app) => {
  await app.register(draftRoutes);
  await app.register(manuscriptRoutes);
};

export default drafts;
