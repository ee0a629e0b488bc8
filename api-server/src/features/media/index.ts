/**
 * The editor's media calls that the server does itself (docs/product.md §7): re-hosting external images, and
 * cleaning an uploaded image (clean-copies.ts).
 * See README.md beside this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { uploads as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { parseCidrs, publicAddressRule } from './public-address';
import { transImage } from './trans-image';
import { cleanUpload } from './clean-copies';

export const TRANS_IMAGE_PER_MINUTE = 30;
export const TRANS_IMAGE_RATE_MESSAGE = '转存图片过于频繁，请稍后再试';
export const CLEAN_IMAGE_PER_MINUTE = 120;
export const CLEAN_IMAGE_RATE_MESSAGE = '上传图片过于频繁，请稍后再试';

const media: FastifyPluginAsync = async (app) => {
  const rule = publicAddressRule(parseCidrs(app.config.fetchAllowCidrs));
  // Each re-host makes us download up to 10 MB for the caller.
  const allow = app.perUserLimiter('trans-image', TRANS_IMAGE_PER_MINUTE);

  serve(app, contract.transImage, async (request) => {
    const { user } = requireAuth(request);
    if (!(await allow(user.id))) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, TRANS_IMAGE_RATE_MESSAGE);
    return ok(await transImage({ db: app.db, storage: app.storage, rule }, user.id, request.body.url.trim()));
  });

  // Each clean decodes up to 50 megapixels for the caller.
  const allowClean = app.perUserLimiter('clean-image', CLEAN_IMAGE_PER_MINUTE);
  serve(app, contract.cleanImage, async (request) => {
    const { user } = requireAuth(request);
    if (!(await allowClean(user.id))) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, CLEAN_IMAGE_RATE_MESSAGE);
    return ok(await cleanUpload({ db: app.db, storage: app.storage }, user.id, request.body.url));
  });
};

export default media;
