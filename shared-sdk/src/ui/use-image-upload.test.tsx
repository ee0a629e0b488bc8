import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Upload } from 'antd';
import { renderWithProviders } from '../testing/render-screen';
import { STORAGE_REFUSAL_MESSAGES, StorageRefusal } from '../upload/storage-refusal';
import { type ImageUploader, NOT_AN_IMAGE, UPLOAD_FAILED, useImageUpload } from './use-image-upload';

function Picker({ upload, onUploaded }: { upload: ImageUploader; onUploaded: (url: string) => void }) {
  const { percent, beforeUpload } = useImageUpload(upload, onUploaded);
  return (
    <Upload showUploadList={false} beforeUpload={beforeUpload}>
      <Button>{percent === null ? '上传图片' : `上传中 ${percent}%`}</Button>
    </Upload>
  );
}

describe('useImageUpload', () => {
  it('refuses a file that is not an allowed image with the documented message, and uploads nothing', async () => {
    const onUploaded = jest.fn();
    const upload = jest.fn<ReturnType<ImageUploader>, Parameters<ImageUploader>>();
    const { container } = renderWithProviders(<Picker upload={upload} onUploaded={onUploaded} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    await screen.findByText(NOT_AN_IMAGE);
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('上传图片'));
    expect(upload).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('sends an allowed image through the given uploader, shows progress and hands back the stored URL', async () => {
    const onUploaded = jest.fn();
    let finish: (value: { url: string }) => void = () => undefined;
    const upload = jest.fn<ReturnType<ImageUploader>, Parameters<ImageUploader>>((_file, _kind, onProgress) => {
      onProgress(40);
      return new Promise((resolve) => (finish = resolve));
    });
    const { container } = renderWithProviders(<Picker upload={upload} onUploaded={onUploaded} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'cover.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('上传中 40%'));
    finish({ url: '/oss/creator/image/x.png' });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/oss/creator/image/x.png'));
    expect(screen.getByRole('button').textContent).toBe('上传图片');
  });

  it("shows the storage's refusal (quota used up) in its own words instead of 上传失败", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const upload = jest.fn<ReturnType<ImageUploader>, Parameters<ImageUploader>>().mockRejectedValueOnce(new StorageRefusal('QuotaExceeded', null));
    const { container } = renderWithProviders(<Picker upload={upload} onUploaded={jest.fn()} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89])], 'a.png', { type: 'image/png' })] } });
    await screen.findByText(STORAGE_REFUSAL_MESSAGES.QuotaExceeded);
    expect(screen.queryByText(UPLOAD_FAILED)).toBeNull();
    jest.restoreAllMocks();
  });
});
