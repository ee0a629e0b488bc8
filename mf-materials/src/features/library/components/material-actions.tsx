import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { type ActionSubject, materialActions } from '../action-rules';
import { type HandledMaterial, useMaterialHandlers } from '../hooks/use-material-handlers';
import { ScriptTypeDialog } from './script-type-dialog';

export interface MaterialActionsProps {
  material: ActionSubject & HandledMaterial;
  /** The detail screen is already the view. */
  showView?: boolean;
  onDeleted?: () => void;
}

export function MaterialActions({ material, showView = true, onDeleted }: MaterialActionsProps) {
  const actions = materialActions(material);
  const handlers = useMaterialHandlers(onDeleted);
  const [choosing, setChoosing] = useState(false);
  return (
    <Space size={4} wrap>
      {showView && actions.view ? (
        <Button type="link" size="small" onClick={() => handlers.view(material)}>
          查看
        </Button>
      ) : null}
      {actions.remove ? (
        <Popconfirm title="确认删除该条素材？" okText="确定" cancelText="取消" onConfirm={() => handlers.remove(material)}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ) : null}
      {actions.download ? (
        <Button type="link" size="small" onClick={() => void handlers.download(material)}>
          下载
        </Button>
      ) : null}
      {actions.use ? (
        <Button type="link" size="small" onClick={() => handlers.canUse() && setChoosing(true)}>
          使用
        </Button>
      ) : null}
      {choosing ? (
        <ScriptTypeDialog
          open
          materialType={material.cm_type}
          onCancel={() => setChoosing(false)}
          onConfirm={async (scriptType) => {
            if (await handlers.use(material, scriptType)) setChoosing(false);
          }}
        />
      ) : null}
    </Space>
  );
}
