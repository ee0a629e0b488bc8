/**
 * The material calls of spec §7 (list, delChild, operation, showChild, save) plus use, which the
 * 使用 button calls before opening an editor. See README.md for the rules and the scale design.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BanRange, MaterialAuditStatus, type MaterialListAnswer, ok } from 'shared-sdk/contract';
import { envelope } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { listMaterials } from './list-query';
import operatorRoutes from './operator-routes';
import { type SaveInput, saveMaterials } from './save';
import * as s from './schemas';
import { KEYWORD_MAX, MATERIAL_ID_LIST, invalid, parseChinaTime } from './shared';
import { parseIdList } from '../../lib/ids';
import { deleteOwnMaterials, materialDetail, recordOperation, useMaterial } from './store';

interface ListBody {
  all: 0 | 1;
  cm_type: number;
  cm_title: string;
  cm_create_time: string;
  cm_check?: number;
  page: number;
  per_page: number;
}

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

  app.post<{ Body: ListBody }>('/api/material/list', { schema: { body: s.listBody, response: { 200: envelope(s.listAnswer) } } }, async (request) => {
    const { user } = requireAuth(request);
    const b = request.body;
    const all = b.all === 1;
    const keyword = b.cm_title.trim();
    if ([...keyword].length > KEYWORD_MAX) throw invalid(`参数错误：关键词不能超过${KEYWORD_MAX}个字`);
    const page = await listMaterials(app.db, {
      userId: user.id,
      all,
      cmType: b.cm_type,
      keyword,
      ...dateRange(b.cm_create_time),
      cmCheck: b.cm_check ?? (all ? MaterialAuditStatus.APPROVED : MaterialAuditStatus.ALL),
      page: b.page,
      perPage: b.per_page,
    });
    return ok<MaterialListAnswer>({ data: page });
  });

  app.post<{ Body: { ids: string } }>('/api/material/delChild', { schema: { body: s.idsBody, response: { 200: envelope({ type: 'null' }) } } }, async (request) => {
    await deleteOwnMaterials(app.db, requireAuth(request).user.id, parseIdList(request.body.ids, MATERIAL_ID_LIST));
    return ok(null, '删除素材成功');
  });

  app.post<{ Body: { cm_id: number; cml_behavior: number } }>(
    '/api/material/operation',
    { schema: { body: s.operationBody, response: { 200: envelope({ type: 'null' }) } } },
    async (request) => {
      await recordOperation(app.db, requireAuth(request).user.id, request.body.cm_id, request.body.cml_behavior);
      return ok(null, '素材操作成功');
    },
  );

  app.post<{ Body: { id: number } }>('/api/material/showChild', { schema: { body: s.showBody, response: { 200: envelope(s.detailAnswer) } } }, async (request) =>
    ok(await materialDetail(app.db, requireAuth(request).user.id, request.body.id)),
  );

  app.post<{ Body: SaveInput }>('/api/material/save', { schema: { body: s.saveBody, response: { 200: envelope(s.saveAnswer) } } }, async (request) => {
    const ids = await saveMaterials(app.db, app.storage, requireAuth(request).user.id, request.body);
    return ok({ ids }, '添加素材成功');
  });

  app.post<{ Body: { cm_id: number; nm_type: number; nm_title: string } }>(
    '/api/material/use',
    { schema: { body: s.useBody, response: { 200: envelope({ type: 'null' }) } } },
    async (request) => {
      const { user } = requireAuth(request);
      requireCert(user);
      await requireNotBanned(app.db, user.id, BanRange.CONTENT);
      await useMaterial(app.db, user.id, request.body.cm_id, request.body.nm_type, request.body.nm_title.trim() || '未命名稿件');
      return ok(null, '素材操作成功');
    },
  );
};

export default materials;
