import { useState } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import type Quill from 'quill';
import { findAll, replaceAll } from '../../lib/editor/search-replace';

interface Props {
  quill: Quill | null;
  open: boolean;
  onClose: () => void;
}

/** 查找替换: counts the matches as you type, replaces them all keeping each one's formats. */
export function SearchReplaceDialog({ quill, open, onClose }: Props) {
  const [needle, setNeedle] = useState('');
  const [replacement, setReplacement] = useState('');
  const [result, setResult] = useState('');
  const found = quill && open ? findAll(quill, needle).length : 0;
  return (
    <Modal open={open} title="查找替换" onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input aria-label="查找内容" placeholder="查找内容" value={needle} onChange={(event) => (setNeedle(event.target.value), setResult(''))} />
        <Input aria-label="替换为" placeholder="替换为" value={replacement} onChange={(event) => setReplacement(event.target.value)} />
        <Typography.Text type="secondary">{needle ? `共找到 ${found} 处` : '输入要查找的文字'}</Typography.Text>
        {result && <Typography.Text type="success">{result}</Typography.Text>}
        <Button
          type="primary"
          disabled={!needle || found === 0}
          onClick={() => {
            if (!quill) return;
            setResult(`已替换 ${replaceAll(quill, needle, replacement)} 处`);
          }}
        >
          全部替换
        </Button>
      </Space>
    </Modal>
  );
}
