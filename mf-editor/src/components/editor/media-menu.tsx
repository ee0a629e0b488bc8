import type { ReactNode } from 'react';
import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MediaKind } from './toolbar-actions';
import { ToolButton } from './tool-button';

export const UPLOAD_LABEL = '上传';
export const LIBRARY_LABEL = '从素材库选择';

/** 插入图片 / 插入视频 / 插入音频: a local file (上传) or one of my materials (从素材库选择). */
export function MediaMenu({
  kind,
  label,
  icon,
  onUpload,
  onLibrary,
}: {
  kind: MediaKind;
  label: string;
  icon: ReactNode;
  onUpload: (kind: MediaKind) => void;
  onLibrary: (kind: MediaKind) => void;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'upload', label: UPLOAD_LABEL, icon: <CloudUploadOutlined /> },
          { key: 'library', label: LIBRARY_LABEL, icon: <FolderOpenOutlined /> },
        ],
        onClick: ({ key }) => (key === 'upload' ? onUpload(kind) : onLibrary(kind)),
      }}
    >
      <span>
        <ToolButton label={label} icon={icon} onClick={() => undefined} />
      </span>
    </Dropdown>
  );
}
