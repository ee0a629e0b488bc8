import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import { VideoState, type EditorVideo, type VideoUploadResult } from 'shared-sdk';
import type { MediaUploads } from '../lib/media/uploads';
import { VideoField } from './video-field';

jest.setTimeout(30_000);

const result = (state: VideoUploadResult['state'], extra: Partial<VideoUploadResult> = {}): VideoUploadResult => ({
  Vid: 'v7',
  url: '/oss/creator/video/20261123/u1/a.mov',
  PosterUri: '',
  videoUri: '',
  state,
  state_text: '',
  error: '',
  progress: 0,
  ...extra,
});

function setup(initial: EditorVideo = { url: '', poster: '', vid: '' }) {
  let progress: (percent: number) => void = () => undefined;
  let finishUpload: (value: VideoUploadResult) => void = () => undefined;
  let failUpload: (error: Error) => void = () => undefined;
  let finishTranscoding: (value: VideoUploadResult) => void = () => undefined;
  let transcodingUpdate: ((value: VideoUploadResult) => void) | undefined;
  const transcodingCalls: Parameters<MediaUploads['waitForTranscoding']>[] = [];
  const uploads: MediaUploads = {
    uploadFile: () => Promise.reject(new Error('unused')),
    prepareVideo: jest.fn(),
    uploadVideo: (_file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve, reject) => ((finishUpload = resolve), (failUpload = reject)));
    },
    waitForTranscoding: jest.fn((vid: string, signal: AbortSignal, onUpdate?: (value: VideoUploadResult) => void) => {
      transcodingCalls.push([vid, signal, onUpdate]);
      transcodingUpdate = onUpdate;
      return new Promise<VideoUploadResult>((resolve) => (finishTranscoding = resolve));
    }),
  };
  const seen: EditorVideo[] = [];
  function Host() {
    const [video, setVideo] = useState(initial);
    return <VideoField video={video} uploads={uploads} onChange={(next) => (seen.push(next), setVideo(next))} />;
  }
  renderWithProviders(<Host />);
  return {
    uploads,
    transcodingCalls,
    seen,
    progress: (p: number) => progress(p),
    finishUpload: (v: VideoUploadResult) => finishUpload(v),
    failUpload: (e: Error) => failUpload(e),
    finishTranscoding: (v: VideoUploadResult) => finishTranscoding(v),
    transcodingUpdate: (v: VideoUploadResult) => transcodingUpdate?.(v),
  };
}

const field = () => screen.getByTestId('video-field');
function choose(file: File) {
  const input = screen.getByTestId('video-file-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('VideoField', () => {
  it('uploads with progress, shows 转码中 without a player, then plays the transcoded video with its poster', async () => {
    const t = setup();
    expect(screen.getByRole('button', { name: '上传视频' })).toBeInTheDocument();
    choose(new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    await waitFor(() => expect(field()).toHaveAttribute('data-state', 'uploading'));
    act(() => t.progress(35));
    expect(screen.getByText('上传中 35%')).toBeInTheDocument();
    act(() => t.finishUpload(result(VideoState.TRANSCODING)));
    expect(await screen.findByText('视频上传成功，正在转码')).toBeInTheDocument();
    await waitFor(() => expect(field()).toHaveAttribute('data-state', 'transcoding'));
    expect(screen.getByRole('img', { name: '转码中' })).toBeInTheDocument();
    expect(field().querySelector('video')).toBeNull();
    expect(t.seen.at(-1)).toEqual({ url: '/oss/creator/video/20261123/u1/a.mov', poster: '', vid: 'v7' });
    // The video service says how far it has got.
    await waitFor(() => expect(t.uploads.waitForTranscoding).toHaveBeenCalled());
    act(() => t.transcodingUpdate(result(VideoState.TRANSCODING, { progress: 0 })));
    expect(screen.getByRole('img', { name: '转码中 0%' })).toBeInTheDocument();
    act(() => t.transcodingUpdate(result(VideoState.TRANSCODING, { progress: 42 })));
    expect(screen.getByRole('img', { name: '转码中 42%' })).toHaveTextContent('转码中 42%');
    act(() => t.finishTranscoding(result(VideoState.DONE, { videoUri: '/oss/creator/video/v7.mp4', PosterUri: '/oss/creator/video/v7.jpg' })));
    await waitFor(() => expect(field()).toHaveAttribute('data-state', 'chosen'));
    expect(field().querySelector('video')).toHaveAttribute('poster', '/oss/creator/video/v7.jpg');
    expect(t.seen.at(-1)).toEqual({ url: '/oss/creator/video/v7.mp4', poster: '/oss/creator/video/v7.jpg', vid: 'v7' });
  });

  it('starts what the upload waits for as the creator reaches for the button, before the file is chosen', () => {
    const t = setup();
    const button = screen.getByRole('button', { name: '上传视频' });
    expect(t.uploads.prepareVideo).not.toHaveBeenCalled();
    fireEvent.pointerEnter(button);
    expect(t.uploads.prepareVideo).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(t.uploads.prepareVideo).toHaveBeenCalledTimes(2);
  });

  it('says 转码失败 and clears the video when transcoding fails', async () => {
    const t = setup({ url: '/oss/creator/video/20261123/u1/a.mov', poster: '', vid: 'v7' });
    // A video saved while transcoding is followed again.
    expect(field()).toHaveAttribute('data-state', 'transcoding');
    await waitFor(() => expect(t.uploads.waitForTranscoding).toHaveBeenCalled());
    const [vid, signal, onUpdate] = t.transcodingCalls[0] ?? [];
    expect(vid).toBe('v7');
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(typeof onUpdate).toBe('function');
    act(() => t.finishTranscoding(result(VideoState.FAILED, { error: '无法识别的视频编码' })));
    expect(await screen.findByText(/转码失败：无法识别的视频编码/)).toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'failed');
    expect(t.seen.at(-1)).toEqual({ url: '', poster: '', vid: '' });
  });

  it('refuses a file that is not a video, and says why an upload failed', async () => {
    const t = setup();
    choose(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传格式合规的视频')).toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'empty');
    choose(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(field()).toHaveAttribute('data-state', 'uploading'));
    act(() => t.failUpload(new Error('Network Error')));
    expect(await screen.findByText('视频上传失败：网络错误，请检查网络后重试')).toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'empty');
  });
});
