/**
 * The editor's media calls that the server does itself (spec §7): re-hosting external images.
 * See README.md beside this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { parseCidrs, publicAddressRule } from './public-address';
import { transImage } from './trans-image';

export const TRANS_IMAGE_PER_MINUTE = 30;
export const TRANS_IMAGE_RATE_MESSAGE = '转存图片过于频繁，请稍后再试';

const transImageBody = objectOf({ url: { type: 'string', minLength: 1, maxLength: 2048 } });

const media: FastifyPluginAsync = async (app) => {
  const rule = publicAddressRule(parseCidrs(app.config.fetchAllowCidrs));
  // Each re-host makes us download up to 10 MB for the caller.
  const allow = app.perUserLimiter('trans-image', TRANS_IMAGE_PER_MINUTE);

  app.post<{ Body: { url: string } }>(
    '/api/upload/tos/transImage',
    { schema: { body: transImageBody, response: { 200: envelope({ type: 'string' }) } } },
    async (request) => {
      const { user } = requireAuth(request);
      if (!(await allow(user.id))) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, TRANS_IMAGE_RATE_MESSAGE);
      return ok(await transImage({ storage: app.storage, rule }, user.id, request.body.url.trim()));
    },
  );
};

export default media;
