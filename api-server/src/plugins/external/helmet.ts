/**
 * Security headers. The app's pages get a Content-Security-Policy allowing only the product's own
 * origin, the storage origins and the remotes' origins (content-security-policy.ts); the embedded
 * storage replaces it on its answers with a sandboxing one (storage/serving.ts). Resources may be
 * embedded cross-origin so a host on a CDN can load remotes.
 */
import helmet from '@fastify/helmet';
import type { AppConfig } from '../../config';
import { globalPlugin } from '../../lib/global-plugin';
import { appContentSecurityPolicy } from './content-security-policy';

interface HelmetOptions extends Record<string, unknown> {
  config: AppConfig;
}

export default globalPlugin<HelmetOptions>(async (app, { config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
});
