/** The production nginx site: render it, and run it in a sandbox (its tests, the API server's scale-out test). */
import { fileURLToPath } from 'node:url';

export { renderNginxSite, type NginxSiteOptions } from './render';
export { findNginx, freePort, startNginx, writeMainConfig } from './nginx-harness';

/** The site template every deployment renders (production/nginx-site.conf.template). */
export const NGINX_SITE_TEMPLATE = fileURLToPath(new URL('../../production/nginx-site.conf.template', import.meta.url));
