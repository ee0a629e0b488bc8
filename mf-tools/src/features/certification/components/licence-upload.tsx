import { Button, Progress, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { uploadImage } from 'shared-sdk';
import { IMAGE_UPLOAD_ACCEPT, useImageUpload } from 'shared-sdk/ui';

export interface LicenceUploadProps {
  value?: string;
  onChange?: (url: string) => void;
}

/** One licence image, uploaded straight to storage; the form keeps its URL (the server checks it is mine). */
export function LicenceUpload({ value, onChange }: LicenceUploadProps) {
  const { percent, beforeUpload } = useImageUpload(uploadImage, (url) => onChange?.(url), 'licence upload');
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
      {value ? (
        <img
          src={value}
          alt="执照图片"
          data-testid="licence-preview"
          style={{ width: 160, height: 110, objectFit: 'contain', border: '1px solid #eee', borderRadius: 6 }}
        />
      ) : null}
      {percent !== null ? <Progress type="circle" size={56} percent={percent} /> : null}
      <Upload accept={IMAGE_UPLOAD_ACCEPT} showUploadList={false} beforeUpload={beforeUpload}>
        <Button icon={<UploadOutlined />}>{value ? '重新上传' : '上传图片'}</Button>
      </Upload>
    </div>
  );
}
