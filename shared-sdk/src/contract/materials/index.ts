/** The material library (mf-materials): the request and answer types of its calls. */
import type { DataOf, RequestOf } from '../core/route';
import type * as materials from './schemas';

export type Material = materials.Material;
export type MaterialLog = materials.MaterialLog;
export type MaterialUsage = materials.MaterialUsage;
export type MaterialDetail = materials.MaterialDetail;
export type MaterialListRequest = RequestOf<typeof materials.materialList>;
export type MaterialListAnswer = DataOf<typeof materials.materialList>;
export type MaterialOperationRequest = RequestOf<typeof materials.materialOperation>;
export type MaterialUseRequest = RequestOf<typeof materials.materialUse>;
export type MaterialSaveRequest = RequestOf<typeof materials.materialSave>;
