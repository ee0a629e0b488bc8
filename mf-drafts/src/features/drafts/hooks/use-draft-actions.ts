import { useCallback } from 'react';
import { App } from 'antd';
import { failureText, guardCreation } from 'shared-sdk';
import { BanRange, type Draft } from 'shared-sdk/contract';
import { openEditor } from '../../../lib/open-editor';
import { useDeleteDraftMutation } from '../api/draft-api';

export const DELETE_DRAFT_CONFIRM = '确定要删除该条草稿吗?';
export const DELETE_DRAFT_DONE = '删除成功!';

type DraftRef = Pick<Draft, 'nd_id' | 'global_id' | 'nd_type'>;

/**
 * 修改 and 删除 of a draft. Both need real-name and no ban of range "1": the SDK guard says no and
 * the host shows the dialog, so nothing is opened or sent.
 */
export function useDraftActions(options: { onDeleted?: () => void } = {}) {
  const { modal, message } = App.useApp();
  const [deleteDraft] = useDeleteDraftMutation();
  const { onDeleted } = options;

  const edit = useCallback((draft: DraftRef) => {
    if (!guardCreation(BanRange.CONTENT)) return;
    openEditor(draft.nd_type, { draftId: draft.nd_id });
  }, []);

  const remove = useCallback(
    (draft: DraftRef) => {
      if (!guardCreation(BanRange.CONTENT)) return;
      modal.confirm({
        title: DELETE_DRAFT_CONFIRM,
        okType: 'danger',
        onOk: async () => {
          const result = await deleteDraft({ ids: String(draft.nd_id), global_ids: draft.global_id });
          if ('error' in result) {
            const text = failureText(result.error);
            if (text) void message.error(text);
            return;
          }
          void message.success(DELETE_DRAFT_DONE);
          onDeleted?.();
        },
      });
    },
    [modal, message, deleteDraft, onDeleted],
  );

  return { edit, remove };
}
