/** What the material actions do; shared by the library cards and the detail action bar. */
import { App } from 'antd';
import { BanRange, MaterialLogCode, guardCreation } from 'shared-sdk';
import { useDeleteMaterialsMutation, useOperateMaterialMutation, useUseMaterialMutation } from '../api/material-api';
import { saveAs } from '../lib/download';
import { type ScriptType, editorUrl } from '../lib/script-types';

export interface HandledMaterial {
  cm_id: number;
  cm_title: string;
  cm_url: string;
}

export const detailUrl = (id: number): string => `/material/detail?materialId=${id}`;

export function useMaterialHandlers(onDeleted?: () => void) {
  const { message } = App.useApp();
  const [deleteMaterials] = useDeleteMaterialsMutation();
  const [operate] = useOperateMaterialMutation();
  const [recordUse] = useUseMaterialMutation();

  return {
    view: (m: HandledMaterial) => window.open(detailUrl(m.cm_id), '_blank'),
    /** docs/product.md §8: a failed delete is only logged. Resolves whether the material was deleted. */
    remove: async (m: HandledMaterial): Promise<boolean> => {
      try {
        await deleteMaterials(String(m.cm_id)).unwrap();
        void message.success('删除素材成功');
        onDeleted?.();
        return true;
      } catch (error) {
        console.error('material delete failed', error);
        return false;
      }
    },
    download: async (m: HandledMaterial) => {
      try {
        await operate({ cm_id: m.cm_id, cml_behavior: MaterialLogCode.DOWNLOAD }).unwrap();
        void message.success('素材操作成功');
        await saveAs(m.cm_url, m.cm_title);
      } catch (error) {
        console.error('material download failed', error);
      }
    },
    /** Before the dialog: real-name and ban range "1" (the host shows the dialogs). */
    canUse: () => guardCreation(BanRange.CONTENT),
    use: async (m: HandledMaterial, scriptType: ScriptType): Promise<boolean> => {
      try {
        await recordUse({ cm_id: m.cm_id, nm_type: scriptType }).unwrap();
        window.open(editorUrl(scriptType, m.cm_id), '_blank');
        return true;
      } catch (error) {
        console.error('material use failed', error);
        return false;
      }
    },
  };
}
