import { apiPost } from 'shared-sdk';
import type { EditorKind, UseMaterialAnswer } from 'shared-sdk/contract';

/**
 * Records a 使用 of a material inserted from the picker (`POST /api/editor/useMaterial`, log code 2),
 * so the material's detail knows it was used. The insertion never waits for it; a failure is logged.
 */
export function recordMaterialUse(materialId: number, kind: EditorKind): Promise<UseMaterialAnswer | null> {
  return apiPost<UseMaterialAnswer>('/api/editor/useMaterial', { material_id: materialId, type: kind }, { skipErrorHandler: true }).catch((error: unknown) => {
    console.error('material use', error);
    return null;
  });
}
