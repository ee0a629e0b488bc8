import { useState } from 'react';
import { App, Button, Popconfirm, Space } from 'antd';
import { type ActionSubject, materialActions } from '../lib/action-rules';
import { type HandledMaterial, useMaterialHandlers } from '../hooks/use-material-handlers';
import { ScriptTypeDialog } from './script-type-dialog';

export interface MaterialActionsProps {
  material: ActionSubject & HandledMaterial;
  /** The detail screen is already the view. */
  showView?: boolean;
  /** How 删除 asks (docs/product.md §5): a popconfirm on the cards, a dialog on the detail screen. */
  confirmDelete?: 'popconfirm' | 'dialog';
  onDeleted?: () => void;
}

export function MaterialActions({ material, showView = true, confirmDelete = 'popconfirm', onDeleted }: MaterialActionsProps) {
  const actions = materialActions(material);
  const handlers = useMaterialHandlers(onDeleted);
  const { modal } = App.useApp();
  const [choosing, setChoosing] = useState(false);
  const askDelete = () =>
    modal.confirm({
      title: '确认删除该素材',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      // The dialog stays open (its 确定 loading) until the server answers.
      onOk: async () => {
        await handlers.remove(material);
      },
    });
  return (
    <Space size={4} wrap>
      {showView && actions.view ? (
        <Button type="link" size="small" onClick={() => handlers.view(material)}>
          查看
        </Button>
      ) : null}
      {actions.remove && confirmDelete === 'dialog' ? (
        <Button type="link" size="small" danger onClick={() => void askDelete()}>
          删除
        </Button>
      ) : null}
      {actions.remove && confirmDelete === 'popconfirm' ? (
        <Popconfirm title="确认删除该条素材？" okText="确定" cancelText="取消" onConfirm={() => void handlers.remove(material)}>
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
