/** The material library (docs/product.md §7 `/api/material/*`), 使用 from the library, and the operator's audit step. */
import { type Static, Type } from 'typebox';
import { LIMITS, MaterialAuditStatus, MaterialType } from '../core/enums';
import { FIRST_PAGE, Id, NoData, OneOf, Paging } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'materials';

const MATERIAL_TYPES = [MaterialType.MANUSCRIPT, MaterialType.IMAGE, MaterialType.VIDEO] as const;
const AUDIT_STATES = [
  MaterialAuditStatus.ALL,
  MaterialAuditStatus.UNREVIEWED,
  MaterialAuditStatus.APPROVED,
  MaterialAuditStatus.FAILED,
  MaterialAuditStatus.IN_REVIEW,
] as const;
/** The states an operator moves a material to: 审核中, 审核通过, 审核失败. */
export const AUDIT_TARGETS = [MaterialAuditStatus.IN_REVIEW, MaterialAuditStatus.APPROVED, MaterialAuditStatus.FAILED] as const;

/** What the server assumes for a list field left out (docs/product.md §9); `cm_check` defaults by `all` (2 when 1, else 0). */
export const MATERIAL_LIST_DEFAULTS = { all: 0, cm_type: LIMITS.DEFAULT_MATERIAL_TYPE, page: FIRST_PAGE, per_page: LIMITS.MATERIAL_PAGE_SIZE } as const;
export const MATERIAL_PER_PAGE_MAX = 100;

export const Material = Type.Object({
  cm_id: Type.Integer(),
  cm_title: Type.String(),
  cm_type: Type.Integer(),
  cm_icon_url: Type.String(),
  cm_url: Type.String(),
  cm_create_time: Type.String(),
  cm_check: Type.Integer(),
  is_my: Type.Boolean(),
});
export type Material = Static<typeof Material>;

export const MaterialLog = Type.Object({
  cml_create_time: Type.String(),
  /** The creator's masked phone, or 运营：<name> for an operator's audit step. */
  phone: Type.String(),
  cml_behavior: Type.Integer(),
  /** An audit step's reason (a rejection's), else empty. */
  cml_note: Type.String(),
});
export type MaterialLog = Static<typeof MaterialLog>;

export const MaterialUsage = Type.Object({ nm_title: Type.String(), nm_type: Type.Integer(), phone: Type.String(), nm_create_time: Type.String() });
export type MaterialUsage = Static<typeof MaterialUsage>;

export const MaterialDetail = Type.Object({
  ...Type.Omit(Material, ['cm_create_time']).properties,
  update_time: Type.String(),
  nick_name: Type.String(),
  size: Type.Integer(),
  other: Type.Object({ describe: Type.String() }),
  logs: Type.Array(MaterialLog),
  manuscript: Type.Array(MaterialUsage),
});
export type MaterialDetail = Static<typeof MaterialDetail>;

export const materialList = defineRoute({
  method: 'POST',
  url: '/api/material/list',
  operationId: 'materialList',
  summary: 'A page of my materials (`all=0`) or of the approved library (`all=1`), newest first',
  description: '`cm_create_time` is "start,end" (China time, dates or date-times). A keyword over 50 characters: 1002.',
  tag,
  body: Type.Object({
    all: Type.Optional(OneOf([0, 1] as const, { default: MATERIAL_LIST_DEFAULTS.all })),
    cm_type: Type.Optional(OneOf(MATERIAL_TYPES, { default: MATERIAL_LIST_DEFAULTS.cm_type })),
    cm_title: Type.Optional(Type.String({ default: '' })),
    cm_create_time: Type.Optional(Type.String({ default: '' })),
    cm_check: Type.Optional(OneOf(AUDIT_STATES, { description: '0: every state (my materials only)' })),
    ...Paging({ size: MATERIAL_LIST_DEFAULTS.per_page, sizeMax: MATERIAL_PER_PAGE_MAX, pageMax: 1_000_000, sizeName: 'per_page' }),
  }),
  data: Type.Object({
    data: Type.Object({
      total: Type.Integer(),
      /** More matches exist than `total` (a keyword or date search's count stops early); the pager shows "total+". */
      capped: Type.Boolean(),
      data: Type.Array(Material),
    }),
  }),
});

export const materialDelete = defineRoute({
  method: 'POST',
  url: '/api/material/delChild',
  operationId: 'materialDelete',
  summary: 'Delete my materials (`ids`: a comma list of at most 100; msg 删除素材成功)',
  description: 'A malformed list: 1002; a material of someone else: 1003; one deleted or unknown: 1004.',
  tag,
  body: Type.Object({ ids: Type.String({ minLength: 1 }) }),
  data: NoData,
});

export const materialOperation = defineRoute({
  method: 'POST',
  url: '/api/material/operation',
  operationId: 'materialOperation',
  summary: 'Log a download, save or share of a material (msg 素材操作成功)',
  tag,
  body: Type.Object({ cm_id: Id, cml_behavior: Type.Integer({ description: 'MaterialLogCode: 3 download, 4 save, 5 share' }) }),
  data: NoData,
});

export const materialDetail = defineRoute({
  method: 'POST',
  url: '/api/material/showChild',
  operationId: 'materialDetail',
  summary: 'One material with its log and the manuscripts using it',
  tag,
  body: Type.Object({ id: Id }),
  data: MaterialDetail,
});

export const materialSave = defineRoute({
  method: 'POST',
  url: '/api/material/save',
  operationId: 'materialSave',
  summary: 'Add image materials: one per uploaded file, sharing title, description and tags (msg 添加素材成功)',
  description:
    "`files`: comma list of my uploaded images (at most 20); `covers`: `|` list, one per file, or empty; `labels`: comma list of tag ids. Every rule of docs/product.md §5 again: 1002 with the rule's message.",
  tag,
  body: Type.Object({
    files: Type.Optional(Type.String({ default: '' })),
    covers: Type.Optional(Type.String({ default: '' })),
    title: Type.Optional(Type.String({ default: '' })),
    labels: Type.Optional(Type.String({ default: '' })),
    describe: Type.Optional(Type.String({ default: '' })),
  }),
  data: Type.Object({ ids: Type.Array(Type.Integer()) }),
});

export const materialUse = defineRoute({
  method: 'POST',
  url: '/api/material/use',
  operationId: 'materialUse',
  summary: 'Record a 使用 of a material before its editor opens (msg 素材操作成功)',
  description: '1005 without real-name verification; 1006 while banned from content.',
  tag,
  body: Type.Object({
    cm_id: Id,
    nm_type: OneOf(MATERIAL_TYPES, { description: 'the script type: 1 article, 2 video, 3 gallery' }),
    nm_title: Type.Optional(Type.String({ maxLength: 100, default: '' })),
  }),
  data: NoData,
});

export const materialAudit = defineRoute({
  method: 'POST',
  url: '/operator/material/audit',
  operationId: 'materialAudit',
  summary: "Operators: move a material to 审核中 (4), 审核通过 (2) or 审核失败 (3); answers the operator's line",
  description: 'Not a creator call: no signature or session, the `x-operator-token` header must match (else 403, 1003). Unknown material: 1004.',
  tag: 'operator',
  auth: 'public',
  body: Type.Object({
    id: Id,
    status: OneOf(AUDIT_TARGETS),
    reason: Type.Optional(Type.String({ maxLength: 200, default: '' })),
  }),
  data: Type.Object({ message: Type.String() }),
});
