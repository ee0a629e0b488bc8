import { App, Button, Progress, Upload } from 'antd';
import { isAllowedImage, isApiError, isStorageRefusal, uploadImage } from 'shared-sdk';

export interface UploadItem {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  url?: string;
  preview: string;
}

export interface ImageUploadProps {
  items: UploadItem[];
  onChange: (update: (items: UploadItem[]) => UploadItem[]) => void;
}

const patch = (uid: string, change: Partial<UploadItem>) => (items: UploadItem[]) => items.map((it) => (it.uid === uid ? { ...it, ...change } : it));

/** Several images, each uploaded straight to storage (then cleaned) with a circular progress, removable before submit. */
export function ImageUpload({ items, onChange }: ImageUploadProps) {
  const { message } = App.useApp();
  const start = (file: File & { uid: string }) => {
    onChange((list) => [...list, { uid: file.uid, name: file.name, percent: 0, status: 'uploading', preview: URL.createObjectURL(file) }]);
    // Uploaded, then cleaned by the server (metadata removed): the clean copy's URL is the one saved.
    uploadImage(file, 'image', (percent) => onChange(patch(file.uid, { percent })))
      .then(({ url }) => onChange(patch(file.uid, { status: 'done', percent: 100, url })))
      .catch((error: unknown) => {
        console.error('upload failed', error);
        // The storage's refusals (quota, too many unfinished uploads, too large) say what to do.
        if (isStorageRefusal(error)) void message.error(`${file.name} 上传失败：${error.message}`);
        // The server's refusal of the file (not an image of its type, too large…) in its own words.
        else if (isApiError(error) && error.kind === 'business') void message.error(error.message);
        onChange(patch(file.uid, { status: 'error' }));
      });
  };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {items.map((item) => (
        <div key={item.uid} data-testid="upload-item" style={{ width: 120, textAlign: 'center' }}>
          <div style={{ width: 120, height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #eee', borderRadius: 8 }}>
            {item.status === 'done' ? (
              <img src={item.preview} alt={item.name} style={{ maxWidth: 118, maxHeight: 118 }} />
            ) : (
              <Progress type="circle" size={80} percent={item.percent} status={item.status === 'error' ? 'exception' : 'active'} />
            )}
          </div>
          <Button type="link" size="small" danger onClick={() => onChange((list) => list.filter((it) => it.uid !== item.uid))}>
            移除
          </Button>
        </div>
      ))}
      <Upload
        accept=".gif,.jpeg,.jpg,.png,.svg"
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isAllowedImage(file)) {
            void message.error('请上传图片素材');
            return Upload.LIST_IGNORE;
          }
          start(file);
          // The upload is ours (straight to storage), not antd's.
          return false;
        }}
      >
        <Button style={{ width: 120, height: 120 }}>+ 上传图片</Button>
      </Upload>
    </div>
  );
}
