import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { isAllowedImage, uploadToStorage } from 'shared-sdk';
import { DramaCover } from './drama-cover';

/** The series cover, uploaded straight to storage; the server accepts only my own upload. */
export function CoverUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 16 }}>
      <DramaCover url={value ?? ''} title="短剧" width={96} />
      <Upload
        accept=".gif,.jpeg,.jpg,.png,.svg"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isAllowedImage(file)) {
            void message.error('请上传图片文件（gif、jpeg、jpg、png、svg）');
            return Upload.LIST_IGNORE;
          }
          setPercent(0);
          uploadToStorage(file, 'image', setPercent)
            .then(({ url }) => onChange?.(url))
            .catch((error: unknown) => {
              console.error('cover upload failed', error);
              void message.error('上传失败，请重试');
            })
            .finally(() => setPercent(null));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          {percent !== null ? `上传中 ${percent}%` : value ? '更换封面' : '上传封面'}
        </Button>
      </Upload>
    </div>
  );
}
