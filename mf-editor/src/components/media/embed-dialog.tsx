/**
 * The media embed dialog (docs/product.md §2): a video page's address or a site's share code, and a size (the
 * default 300×150 or a known one). What cannot become an allow-listed player is refused with an
 * error notification (docs/product.md §8), and nothing is inserted.
 */
import { useState } from 'react';
import { App, Input, Modal, Select } from 'antd';
import { EMBED_DEFAULT_SIZE, EMBED_PRESET_SIZES, type EmbedData, toEmbed } from '../../lib/media/embed-url';

export interface EmbedDialogProps {
  open: boolean;
  onCancel: () => void;
  onInsert: (embed: EmbedData) => void;
}

const SIZES = [EMBED_DEFAULT_SIZE, ...EMBED_PRESET_SIZES].map((size, i) => ({
  value: `${size.width}x${size.height}`,
  label: `${size.width} × ${size.height}${i === 0 ? '（默认）' : ''}`,
}));

export function EmbedDialog({ open, onCancel, onInsert }: EmbedDialogProps) {
  const { notification } = App.useApp();
  const [input, setInput] = useState('');
  const [size, setSize] = useState(SIZES[0]?.value ?? '300x150');

  const insert = () => {
    const [width, height] = size.split('x').map(Number);
    const result = toEmbed(input, { width: width ?? 300, height: height ?? 150 });
    if (!result.ok) return void notification.error({ message: '插入视频失败', description: result.message });
    setInput('');
    onInsert(result.data);
  };

  return (
    <Modal open={open} title="嵌入视频" okText="插入" cancelText="取消" onOk={insert} onCancel={onCancel} destroyOnHidden>
      <Input.TextArea
        aria-label="视频地址或嵌入代码"
        placeholder="粘贴哔哩哔哩、腾讯视频、优酷、爱奇艺、YouTube 等网站的视频页地址，或分享的嵌入代码"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      <Select aria-label="尺寸" value={size} onChange={setSize} options={SIZES} style={{ width: 200, marginTop: 12 }} />
    </Modal>
  );
}
