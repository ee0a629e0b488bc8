import type { EditorKind, UseMaterialAnswer } from 'shared-sdk/contract';
import { editorCalls } from './editor-calls';

/**
 * Records a 使用 of a material inserted from the picker (`POST /api/editor/useMaterial`, log code 2),
 * so the material's detail knows it was used. The insertion never waits for it; a failure is logged.
 */
export function recordMaterialUse(materialId: number, kind: EditorKind): Promise<UseMaterialAnswer | null> {
  return editorCalls.useMaterial({ material_id: materialId, type: kind }).catch((error: unknown) => {
    console.error('material use', error);
    return null;
  });
}
