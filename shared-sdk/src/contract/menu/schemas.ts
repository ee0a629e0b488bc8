/** The menu call (docs/product.md §7): the sidebar of docs/product.md §2 as ap_* entries, built from the route declarations. */
import { type Static, Type } from 'typebox';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

const leafFields = {
  ap_name: Type.String(),
  /** '' for a group (it has no page). */
  ap_url: Type.String(),
  /** A name of the host's icon set; '' for none. */
  ap_icon: Type.String(),
  ap_sort: Type.Integer(),
  /** How the entry opens when not in the shell. */
  openType: Type.Optional(OneOf(['tab', 'window', ''] as const)),
};

// Two levels are all the sidebar has; the schema spells them out rather than recursing.
export const MenuLeaf = Type.Object({ ...leafFields, children: Type.Optional(Type.Array(Type.Never(), { maxItems: 0 })) });
export const MenuEntry = Type.Object({ ...leafFields, children: Type.Optional(Type.Array(MenuLeaf)) });
export type MenuEntry = Static<typeof MenuEntry>;

export const rolePermissionList = defineRoute({
  method: 'POST',
  url: '/admin/account/rolePermissionList',
  operationId: 'rolePermissionList',
  summary: 'The sidebar for the caller, as ap_* entries',
  description:
    "Built from the route declarations of the host and of the released remotes, with the caller's rules applied (短剧 only with the short-drama authority, a tool's entries only with its code in the tool list). The shell builds the same menu itself from the routes it loaded (docs/product.md §7: overridden by a local menu).",
  tag: 'menu',
  data: Type.Array(MenuEntry),
});
