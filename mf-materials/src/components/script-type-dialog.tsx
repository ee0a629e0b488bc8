import { useState } from 'react';
import { Modal, Radio } from 'antd';
import { DEFAULT_SCRIPT_TYPE, type ScriptType, scriptTypeOf, scriptTypeOptions } from '../lib/script-types';

export interface ScriptTypeDialogProps {
  open: boolean;
  materialType: number;
  onCancel: () => void;
  onConfirm: (scriptType: ScriptType) => void | Promise<void>;
}

export function ScriptTypeDialog({ open, materialType, onCancel, onConfirm }: ScriptTypeDialogProps) {
  const [choice, setChoice] = useState<ScriptType>(DEFAULT_SCRIPT_TYPE);
  const options = scriptTypeOptions(materialType);
  return (
    <Modal title="选择稿件类型" open={open} onCancel={onCancel} onOk={() => void onConfirm(choice)} okText="确定" cancelText="取消" destroyOnHidden>
      {options.length ? (
        <Radio.Group
          value={choice}
          onChange={(e) => setChoice(scriptTypeOf(e.target.value))}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
        />
      ) : null}
    </Modal>
  );
}
