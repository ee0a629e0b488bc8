import { useState } from 'react';
import { App, Upload } from 'antd';
import { isApiError } from '../http/api-error';
import { isAllowedImage } from '../upload/file-rules';
import { isStorageRefusal } from '../upload/storage-refusal';

export const IMAGE_UPLOAD_ACCEPT = '.gif,.jpeg,.jpg,.png,.svg';
export const NOT_AN_IMAGE = '请上传图片文件（gif、jpeg、jpg、png、svg）';
export const UPLOAD_FAILED = '上传失败，请重试';

/** `uploadImage` of the caller's `shared-sdk` (the page's one signed client and session): upload, then the server's clean copy. */
export type ImageUploader = (file: File, kind: 'image', onProgress: (percent: number) => void) => Promise<{ url: string }>;

/**
 * One image picked in an antd `<Upload>` and sent straight to storage by `upload`. Returns the `beforeUpload`
 * to hand to `<Upload>` (it refuses non-images with the message of docs/product.md §5 and keeps antd from posting
 * the file itself) and the progress, `null` when nothing is uploading. The server still checks the
 * bytes and that the URL is the caller's own upload.
 */
export function useImageUpload(upload: ImageUploader, onUploaded: (url: string) => void, what = 'image upload') {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const beforeUpload = (file: File) => {
    if (!isAllowedImage(file)) {
      void message.error(NOT_AN_IMAGE);
      return Upload.LIST_IGNORE;
    }
    setPercent(0);
    upload(file, 'image', setPercent)
      .then(({ url }) => onUploaded(url))
      .catch((error: unknown) => {
        console.error(`${what} failed`, error);
        // A refusal of the storage (quota, unfinished uploads, size) or of the server (not readable as
        // its type, too large…) says what to do instead, in its own words.
        void message.error(isStorageRefusal(error) || (isApiError(error) && error.kind === 'business') ? error.message : UPLOAD_FAILED);
      })
      .finally(() => setPercent(null));
    return false;
  };
  return { percent, beforeUpload };
}
