/**
 * Security headers. The content security policy is off for now: the host loads remotes from other
 * origins in development (their dev servers), opens the customer-service chat and newspaper PDFs in
 * frames, and shows images from storage hosts; a policy belongs with the deploy configuration that
 * knows those origins. Resources may be embedded cross-origin so a host on a CDN can load remotes.
 */
import helmet from '@fastify/helmet';
import { globalPlugin } from '../../lib/global-plugin';

export default globalPlugin(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
});
