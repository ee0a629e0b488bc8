/** POST /admin/account/rolePermissionList (spec §7): the menu as entries, per user. */
import type { FastifyPluginAsync } from 'fastify';
import { type RolePermissionAnswer, ok } from 'shared-sdk/contract';
import { envelope, int, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { buildMenu } from './menu';

const leaf = {
  type: 'object',
  required: ['ap_name', 'ap_url', 'ap_icon', 'ap_sort'],
  properties: { ap_name: str, ap_url: str, ap_icon: str, ap_sort: int, openType: str },
};
// Two levels are all the sidebar has; the schema spells them out rather than recursing.
const menuEntry = { ...leaf, properties: { ...leaf.properties, children: { type: 'array', items: { ...leaf, properties: { ...leaf.properties, children: { type: 'array', maxItems: 0 } } } } } };

const menu: FastifyPluginAsync = async (app) => {
  app.post('/admin/account/rolePermissionList', { schema: { response: { 200: envelope({ type: 'array', items: menuEntry }) } } }, async (request) => {
    const { user } = requireAuth(request);
    return ok<RolePermissionAnswer>(buildMenu({ shortDrama: user.short_drama_auth, tools: user.tools }));
  });
};

export default menu;
