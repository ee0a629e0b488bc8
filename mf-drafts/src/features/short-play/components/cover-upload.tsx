import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { uploadImage } from 'shared-sdk';
import { IMAGE_UPLOAD_ACCEPT, useImageUpload } from 'shared-sdk/ui';
import { DramaCover } from './drama-cover';

/** The series cover, uploaded straight to storage; the server accepts only my own upload. */
export function CoverUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { percent, beforeUpload } = useImageUpload(uploadImage, (url) => onChange?.(url), 'cover upload');
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 16 }}>
      <DramaCover url={value ?? ''} title="短剧" width={96} />
      <Upload accept={IMAGE_UPLOAD_ACCEPT} showUploadList={false} beforeUpload={beforeUpload}>
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          {percent !== null ? `上传中 ${percent}%` : value ? '更换封面' : '上传封面'}
        </Button>
      </Upload>
    </div>
  );
}
