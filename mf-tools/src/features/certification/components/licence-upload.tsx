import { useState } from 'react';
import { App, Button, Progress, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { isAllowedImage, uploadToStorage } from 'shared-sdk';

export interface LicenceUploadProps {
  value?: string;
  onChange?: (url: string) => void;
}

/** One licence image, uploaded straight to storage; the form keeps its URL (the server checks it is mine). */
export function LicenceUpload({ value, onChange }: LicenceUploadProps) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      {value ? <img src={value} alt="执照图片" data-testid="licence-preview" style={{ width: 160, height: 110, objectFit: 'contain', border: '1px solid #eee', borderRadius: 6 }} /> : null}
      {percent !== null ? <Progress type="circle" size={56} percent={percent} /> : null}
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
              console.error('licence upload failed', error);
              void message.error('上传失败，请重试');
            })
            .finally(() => setPercent(null));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{value ? '重新上传' : '上传图片'}</Button>
      </Upload>
    </div>
  );
}
