import { Button, Space } from 'antd';
import type { Draft } from 'shared-sdk';
import { useDraftActions } from '../hooks/use-draft-actions';

interface DraftActionsProps {
  draft: Pick<Draft, 'nd_id' | 'global_id' | 'nd_type' | 'nd_title'>;
  onDeleted?: () => void;
}

export function DraftActions({ draft, onDeleted }: DraftActionsProps) {
  const { edit, remove } = useDraftActions({ onDeleted });
  return (
    <Space>
      <Button type="link" onClick={() => edit(draft)} aria-label={`修改 ${draft.nd_title}`}>
        修改
      </Button>
      <Button type="link" danger onClick={() => remove(draft)} aria-label={`删除 ${draft.nd_title}`}>
        删除
      </Button>
    </Space>
  );
}
