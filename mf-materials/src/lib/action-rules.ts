/** Which actions a material offers (docs/product.md §2 and §6): the table the screens and their tests share. */
import { MaterialAuditStatus, USABLE_MATERIAL_TYPES } from 'shared-sdk';

export interface ActionSubject {
  cm_type: number;
  cm_check: number;
  is_my: boolean;
}

export interface MaterialActionSet {
  view: boolean;
  remove: boolean;
  download: boolean;
  use: boolean;
}

export function materialActions(m: ActionSubject): MaterialActionSet {
  return {
    view: true,
    remove: m.is_my,
    download: m.cm_check === MaterialAuditStatus.APPROVED,
    use: USABLE_MATERIAL_TYPES.includes(m.cm_type),
  };
}
