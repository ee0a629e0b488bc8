/** Users: find, see, create, verify, ban, unban, set tools, reset the password. Every change audited. */
import type { FastifyInstance } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { TOOL_CATALOGUE } from '../tools/catalogue';
import { audited } from './audit';
import { banCreator, createCreator, resetCreatorPassword, setCreatorTools, setCreatorVerified, unbanCreator } from './user-changes';
import { oneTimeCode, searchUsers, userDetail } from './users';

export function registerUserRoutes(app: FastifyInstance): void {
  serve(app, contract.userSearch, async (request) => {
    const { q = '', page = 1, size = 20 } = request.query;
    return ok(await searchUsers(app.db, q, page, size));
  });

  serve(app, contract.userDetail, async (request) => ok(await userDetail(app.db, app.storage, request.query.id)));

  serve(app, contract.userCreate, async (request) => {
    const { phone, password, nickname, verified = false } = request.body;
    const id = await audited(app.db, requireOperator(request), (tx, record) => createCreator(tx, record, { phone, password, nickname, verified }));
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userVerify, async (request) => {
    const { id, verified, reason = '' } = request.body;
    await audited(app.db, requireOperator(request), (tx, record) => setCreatorVerified(tx, record, { id, verified, reason }));
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userBan, async (request) => {
    const actor = requireOperator(request);
    const { id, ban_type: banType, reason } = request.body;
    const range = (request.body.range ?? '').split(',').filter(Boolean).sort().join(',');
    if (banType === 1 && !range) throw invalid('参数错误：类型1的封禁须选择封禁范围');
    const endsAt = request.body.ends_at ? new Date(request.body.ends_at) : null;
    if (endsAt && endsAt.getTime() <= Date.now()) throw invalid('参数错误：封禁结束时间须晚于现在');
    await audited(app.db, actor, (tx, record) => banCreator(tx, record, actor, { id, banType, range, reason, endsAt }));
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userUnban, async (request) => {
    const actor = requireOperator(request);
    const { id, reason = '' } = request.body;
    await audited(app.db, actor, (tx, record) => unbanCreator(tx, record, actor, { id, reason }));
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userTools, async (request) => {
    const { id, short_drama: shortDrama } = request.body;
    const tools = [...new Set(request.body.tools)];
    const unknown = tools.filter((tool) => !TOOL_CATALOGUE[tool]);
    if (unknown.length) throw invalid(`参数错误：未知的工具 ${unknown.join('、')}（可选：${Object.keys(TOOL_CATALOGUE).join('、')}）`);
    await audited(app.db, requireOperator(request), (tx, record) => setCreatorTools(tx, record, { id, tools, shortDrama }));
    return ok(await userDetail(app.db, app.storage, id));
  });

  serve(app, contract.userResetPassword, async (request) => {
    const { id, reason = '' } = request.body;
    const code = oneTimeCode();
    await audited(app.db, requireOperator(request), (tx, record) => resetCreatorPassword(tx, record, { id, password: code, reason }));
    return ok({ code }, '新密码只显示这一次');
  });
}
