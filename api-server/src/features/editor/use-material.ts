/**
 * POST /api/editor/useMaterial: a writing screen opened with ?materialId= records a 使用
 * (cml_behavior 2) and gets what it pre-fills. Only materials the user may write with: images and
 * videos (types 2 and 3, docs/product.md §9), their own or approved public ones, for a kind they suit (§5).
 * Reads material rows and adds a log row; the materials feature owns everything else about them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, MaterialAuditStatus, MaterialLogCode, USABLE_MATERIAL_TYPES, banRangeOfKind, materialFitsKind, ok } from 'shared-sdk/contract';
import { editor as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';

const useMaterialRoute: FastifyPluginAsync = async (app) => {
  serve(app, contract.useMaterial, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    const { material_id: materialId, type } = request.body;
    await requireNotBanned(app.db, user.id, banRangeOfKind(type));
    const material = await app.db
      .selectFrom('materials')
      .select(['id', 'owner_id', 'cm_type', 'cm_check', 'title', 'url', 'icon_url'])
      .where('id', '=', materialId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const mine = material?.owner_id === user.id;
    if (!material || (!mine && material.cm_check !== MaterialAuditStatus.APPROVED)) throw new ApiError(ApiCode.NOT_FOUND, '素材不存在或未通过审核');
    if (!USABLE_MATERIAL_TYPES.includes(material.cm_type)) throw new ApiError(ApiCode.INVALID_PARAMS, '该类型的素材不能用于创作');
    if (!materialFitsKind(material.cm_type, type))
      throw new ApiError(ApiCode.INVALID_PARAMS, material.cm_type === 3 ? '视频素材只能用于文章和视频' : '图片素材不能用于视频');
    await app.db.insertInto('material_logs').values({ material_id: material.id, user_id: user.id, behavior: MaterialLogCode.USE }).execute();
    return ok({
      cm_id: material.id,
      cm_type: material.cm_type,
      cm_title: material.title,
      cm_url: material.url,
      cm_icon_url: material.icon_url,
      insert: material.cm_type === 3 ? 'video' : 'image',
    });
  });
};

export default useMaterialRoute;
