/**
 * The material calls of docs/product.md §7 (list, delChild, operation, showChild, save) plus use, which the
 * 使用 button calls before opening an editor. See README.md for the rules and the scale design.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BanRange, MaterialAuditStatus, ok } from 'shared-sdk/contract';
import { materials as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { parseIdList } from '../../lib/ids';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { listMaterials } from './list-query';
import operatorRoutes from './operator-routes';
import { saveMaterials } from './save';
import { KEYWORD_MAX, MATERIAL_ID_LIST, invalid, parseChinaTime } from './material-input';
import { deleteOwnMaterials, materialDetail, recordOperation, useMaterial } from './store';

const DEFAULTS = contract.MATERIAL_LIST_DEFAULTS;

function dateRange(raw: string): { start: Date | null; end: Date | null } {
  if (!raw.trim()) return { start: null, end: null };
  const [from = '', to = ''] = raw.split(',');
  const start = from.trim() ? parseChinaTime(from, false) : null;
  const end = to.trim() ? parseChinaTime(to, true) : null;
  if ((from.trim() && !start) || (to.trim() && !end)) throw invalid('参数错误：cm_create_time 应为 "开始,结束"');
  return { start, end };
}

const materials: FastifyPluginAsync = async (app) => {
  await app.register(operatorRoutes);

  serve(app, contract.materialList, async (request) => {
    const { user } = requireAuth(request);
    const {
      all = DEFAULTS.all,
      cm_type = DEFAULTS.cm_type,
      cm_title = '',
      cm_create_time = '',
      cm_check,
      page = DEFAULTS.page,
      per_page = DEFAULTS.per_page,
    } = request.body;
    const keyword = cm_title.trim();
    if ([...keyword].length > KEYWORD_MAX) throw invalid(`参数错误：关键词不能超过${KEYWORD_MAX}个字`);
    const list = await listMaterials(app.db, {
      userId: user.id,
      all: all === 1,
      cmType: cm_type,
      keyword,
      ...dateRange(cm_create_time),
      cmCheck: cm_check ?? (all === 1 ? MaterialAuditStatus.APPROVED : MaterialAuditStatus.ALL),
      page,
      perPage: per_page,
    });
    return ok({ data: list });
  });

  serve(app, contract.materialDelete, async (request) => {
    await deleteOwnMaterials(app.db, requireAuth(request).user.id, parseIdList(request.body.ids, MATERIAL_ID_LIST));
    return ok(null, '删除素材成功');
  });

  serve(app, contract.materialOperation, async (request) => {
    await recordOperation(app.db, requireAuth(request).user.id, request.body.cm_id, request.body.cml_behavior);
    return ok(null, '素材操作成功');
  });

  serve(app, contract.materialDetail, async (request) => ok(await materialDetail(app.db, requireAuth(request).user.id, request.body.id)));

  serve(app, contract.materialSave, async (request) => {
    const ids = await saveMaterials(app.db, app.storage, requireAuth(request).user.id, request.body);
    return ok({ ids }, '添加素材成功');
  });

  serve(app, contract.materialUse, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    await requireNotBanned(app.db, user.id, BanRange.CONTENT);
    const { cm_id, nm_type, nm_title = '' } = request.body;
    await useMaterial(app.db, user.id, cm_id, nm_type, nm_title.trim() || '未命名稿件');
    return ok(null, '素材操作成功');
  });
};

export default materials;
