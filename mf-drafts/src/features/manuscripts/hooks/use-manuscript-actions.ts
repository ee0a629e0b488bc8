import { useCallback } from 'react';
import { App } from 'antd';
import { failureText, guardCreation } from 'shared-sdk';
import { BanRange, type Manuscript, type WithdrawTarget } from 'shared-sdk/contract';
import { openEditor } from '../../../lib/open-editor';
import { useDeleteManuscriptMutation, useWithdrawManuscriptMutation } from '../api/manuscript-api';

export const DELETE_MANUSCRIPT_CONFIRM = '确定要删除该稿件吗?';
export const WITHDRAW_DONE: Record<WithdrawTarget, string> = { private: '已撤回，稿件仅自己可见', draft: '已撤回到草稿箱' };

/** 修改, 撤回 and 删除 of a manuscript: the same guards as drafts, then the server's own checks. */
export function useManuscriptActions() {
  const { modal, message } = App.useApp();
  const [withdraw] = useWithdrawManuscriptMutation();
  const [remove] = useDeleteManuscriptMutation();

  const report = useCallback(
    (result: { error?: unknown }, done: string) => {
      if (result.error) {
        const text = failureText(result.error);
        if (text) void message.error(text);
        return false;
      }
      void message.success(done);
      return true;
    },
    [message],
  );

  const edit = useCallback((manuscript: Pick<Manuscript, 'nm_id' | 'nm_type'>) => {
    if (!guardCreation(BanRange.CONTENT)) return;
    openEditor(manuscript.nm_type, { manuscriptId: manuscript.nm_id });
  }, []);

  /** Returns whether the guards let the caller go on to ask where the manuscript goes. */
  const canChange = useCallback(() => guardCreation(BanRange.CONTENT), []);

  const withdrawTo = useCallback(
    async (manuscript: Pick<Manuscript, 'nm_id'>, to: WithdrawTarget) => report(await withdraw({ id: manuscript.nm_id, to }), WITHDRAW_DONE[to]),
    [withdraw, report],
  );

  const confirmDelete = useCallback(
    (manuscript: Pick<Manuscript, 'nm_id'>) => {
      if (!guardCreation(BanRange.CONTENT)) return;
      modal.confirm({
        title: DELETE_MANUSCRIPT_CONFIRM,
        okType: 'danger',
        onOk: async () => {
          report(await remove({ ids: String(manuscript.nm_id) }), '删除成功!');
        },
      });
    },
    [modal, remove, report],
  );

  return { edit, canChange, withdrawTo, confirmDelete };
}
