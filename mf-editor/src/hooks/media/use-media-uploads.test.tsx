import '../../testing/quill-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EDITOR_UPLOAD_MESSAGES, VideoState, type VideoUploadResult } from 'shared-sdk';
import { renderRichEditor } from '../../testing/rich-editor';
import type * as Sdk from 'shared-sdk';
import type { MediaUploads } from '../../lib/media/uploads';

jest.setTimeout(60_000);

const recorded: Array<{ material_id: number; type: number }> = [];
jest.mock('shared-sdk', () => {
  const actual = jest.requireActual<typeof Sdk>('shared-sdk');
  return {
    ...actual,
    callApi: (route: { url: string }, body: { material_id: number; type: number }) => {
      if (route.url === '/api/editor/useMaterial') recorded.push(body);
      return Promise.resolve({});
    },
  };
});
jest.mock('../../api/picker-api', () => ({
  usePickerMaterialsQuery: ({ cm_type }: { cm_type: number }) => ({
    data: {
      data: {
        total: 1,
        data:
          cm_type === 2
            ? [
                {
                  cm_id: 5,
                  cm_title: '黄河晚霞',
                  cm_type: 2,
                  cm_icon_url: '/oss/creator/image/5.png',
                  cm_url: '/oss/creator/image/5.png',
                  cm_create_time: '',
                  cm_check: 2,
                  is_my: true,
                },
              ]
            : [
                {
                  cm_id: 9,
                  cm_title: '黄河涛声',
                  cm_type: 3,
                  cm_icon_url: '',
                  cm_url: '/oss/creator/audio/9.mp3',
                  cm_create_time: '',
                  cm_check: 2,
                  is_my: true,
                },
              ],
      },
    },
    isFetching: false,
  }),
}));

const STORED = '/oss/creator/image/20261123/u1/0123456789abcdef0123456789abcdef.png';
const VID = 'f00dfeedf00dfeedf00dfeedf00dfeed';

/** An upload the test finishes by hand, after reporting progress like the storage client does. */
interface Pending {
  kind: string;
  file: File;
  progress: (percent: number) => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

function fakeUploads() {
  const pending: Pending[] = [];
  const transcoding: Array<{ vid: string; resolve: (result: VideoUploadResult) => void; update?: (result: VideoUploadResult) => void }> = [];
  const take = (kind: string, file: File, progress: (percent: number) => void) =>
    new Promise((resolve, reject) => pending.push({ kind, file, progress, resolve, reject }));
  const uploads: MediaUploads = {
    uploadFile: (file, kind, progress) => take(kind, file, progress) as Promise<{ url: string }>,
    uploadVideo: (file, progress) => take('video', file, progress) as Promise<VideoUploadResult>,
    waitForTranscoding: (vid, _signal, update) => new Promise((resolve) => transcoding.push({ vid, resolve, update })),
  };
  return { uploads, pending, transcoding };
}

const video = (state: VideoUploadResult['state'], extra: Partial<VideoUploadResult> = {}): VideoUploadResult => ({
  Vid: VID,
  url: '/oss/creator/video/20261123/u1/aaaa.mkv',
  PosterUri: '',
  videoUri: '',
  state,
  state_text: '',
  error: '',
  progress: 0,
  ...extra,
});

async function mount() {
  const fake = fakeUploads();
  const onChange = jest.fn();
  const { ref, quill } = await renderRichEditor({ uploads: fake.uploads, onChange });
  act(() => quill.setSelection(0, 0, 'user'));
  return { ...fake, ref, quill, onChange };
}

const input = () => screen.getByTestId('editor-file-input') as HTMLInputElement;

/** 插入图片 → 上传 → choose the files, as the creator does. */
async function chooseUpload(label: '插入图片' | '插入视频' | '插入音频', ...files: File[]) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /上传/ }));
  const chooser = input();
  Object.defineProperty(chooser, 'files', { value: files, configurable: true });
  fireEvent.change(chooser);
}

const placeholders = () => Array.from(document.querySelectorAll<HTMLImageElement>('img.ql-upload-placeholder'));
const png = (name = 'photo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('editor uploads', () => {
  beforeEach(() => (recorded.length = 0));

  it('shows a placeholder with a 32-character id and its progress, then the stored picture, and never saves the placeholder', async () => {
    const { ref, pending, onChange } = await mount();
    act(() => ref.current?.setHtml('<p>开头</p>'));
    act(() => ref.current?.getQuill()?.setSelection(2, 0, 'user'));
    await chooseUpload('插入图片', png());
    await waitFor(() => expect(placeholders()).toHaveLength(1));
    const [placeholder] = placeholders();
    expect(placeholder?.getAttribute('data-upload-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(pending[0]?.kind).toBe('image');
    act(() => pending[0]?.progress(45));
    expect(screen.getByRole('img', { name: '图片上传中 45%' })).toBeInTheDocument();
    expect(decodeURIComponent(placeholder?.getAttribute('src') ?? '')).toContain('图片上传中 45%');
    // Mid-upload, the saved body has no trace of it, and nothing counts as an edit yet.
    expect(ref.current?.getHtml()).toBe('<p>开头</p>');
    expect(onChange).not.toHaveBeenCalledWith('user');
    act(() => pending[0]?.resolve({ url: STORED }));
    await waitFor(() => expect(ref.current?.getHtml()).toBe(`<p>开头<img src="${STORED}"></p>`));
    expect(placeholders()).toHaveLength(0);
    expect(onChange).toHaveBeenCalledWith('user');
  });

  it('takes the placeholder away and says why when an upload fails', async () => {
    const { ref, pending } = await mount();
    await chooseUpload('插入图片', png());
    await waitFor(() => expect(placeholders()).toHaveLength(1));
    act(() => pending[0]?.reject(new Error('Failed to fetch')));
    expect(await screen.findByText('图片上传失败：网络错误，请检查网络后重试')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
    expect(ref.current?.getHtml()).toBe('<p><br></p>');
  });

  it('refuses pictures other than jpg, jpeg, png and gif, non-video files and audio other than mp3, wav, ogg and mpeg', async () => {
    const { pending } = await mount();
    await chooseUpload('插入图片', new File(['x'], 'a.webp', { type: 'image/webp' }), new File(['<svg/>'], 'b.svg', { type: 'image/svg+xml' }));
    expect(await screen.findAllByText(EDITOR_UPLOAD_MESSAGES.IMAGE_TYPE)).not.toHaveLength(0);
    await chooseUpload('插入视频', new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('请上传格式合规的视频')).toBeInTheDocument();
    await chooseUpload('插入音频', new File(['x'], 'a.flac', { type: 'audio/flac' }));
    expect(await screen.findByText(EDITOR_UPLOAD_MESSAGES.AUDIO_TYPE)).toBeInTheDocument();
    expect(pending).toHaveLength(0);
    expect(placeholders()).toHaveLength(0);
  });

  it('puts an uploaded audio in an <audio> element, and refuses a second one by upload or from the library', async () => {
    const { ref, pending } = await mount();
    await chooseUpload('插入音频', new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(placeholders()).toHaveLength(1));
    // One on its way already counts.
    fireEvent.click(screen.getByRole('button', { name: '插入音频' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /上传/ }));
    expect(await screen.findByText('音频只能添加一次，请删除后再添加')).toBeInTheDocument();
    act(() => pending[0]?.resolve({ url: '/oss/creator/audio/20261123/u1/b.mp3' }));
    await waitFor(() => expect(ref.current?.getHtml()).toContain('<audio src="/oss/creator/audio/20261123/u1/b.mp3" controls=""></audio>'));
    fireEvent.click(screen.getByRole('button', { name: '插入音频' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /从素材库选择/ }));
    await waitFor(() => expect(screen.getAllByText('音频只能添加一次，请删除后再添加').length).toBeGreaterThan(1));
    expect(pending).toHaveLength(1);
    expect(ref.current?.getHtml().match(/<audio/g)).toHaveLength(1);
  });

  it('shows a video as a 转码中 cover without playback, then the poster and the transcoded video', async () => {
    const { ref, pending, transcoding } = await mount();
    await chooseUpload('插入视频', new File(['x'], 'clip.mkv', { type: 'video/x-matroska' }));
    await waitFor(() => expect(placeholders()).toHaveLength(1));
    act(() => pending[0]?.progress(60));
    expect(screen.getByRole('img', { name: '视频上传中 60%' })).toBeInTheDocument();
    act(() => pending[0]?.resolve(video(VideoState.TRANSCODING)));
    expect(await screen.findByText('视频上传成功，正在转码')).toBeInTheDocument();
    const cover = document.querySelector('video[data-state="transcoding"]');
    expect(cover).toHaveAttribute('aria-label', '转码中');
    expect(cover).not.toHaveAttribute('controls');
    expect(decodeURIComponent(cover?.getAttribute('poster') ?? '')).toContain('转码中');
    // Saved meanwhile: the uploaded original as a plain player with its id, no cover.
    expect(ref.current?.getHtml()).toBe(`<video class="ql-vid-${VID}" src="/oss/creator/video/20261123/u1/aaaa.mkv" controls=""></video><p><br></p>`);
    await waitFor(() => expect(transcoding).toHaveLength(1));
    expect(transcoding[0]?.vid).toBe(VID);
    // The video service says how far it has got: the cover says so too, and that is no edit.
    const saved = ref.current?.getHtml();
    act(() => transcoding[0]?.update?.(video(VideoState.TRANSCODING, { progress: 42 })));
    expect(cover).toHaveAttribute('aria-label', '转码中 42%');
    expect(decodeURIComponent(cover?.getAttribute('poster') ?? '')).toContain('转码中 42%');
    expect(ref.current?.getHtml()).toBe(saved);
    act(() => transcoding[0]?.resolve(video(VideoState.DONE, { PosterUri: '/oss/creator/video/v42.jpg', videoUri: '/oss/creator/video/v42.mp4' })));
    await waitFor(() =>
      expect(ref.current?.getHtml()).toBe('<video src="/oss/creator/video/v42.mp4" poster="/oss/creator/video/v42.jpg" controls=""></video><p><br></p>'),
    );
    expect(document.querySelector('video[data-state]')).toBeNull();
  });

  it('shows the cover again for a body saved mid-transcoding, and follows the transcoding to the poster', async () => {
    const { ref, transcoding } = await mount();
    act(() => ref.current?.setHtml(`<p>前文</p><video class="ql-vid-${VID}" src="/oss/creator/video/20261123/u1/aaaa.mkv" controls=""></video><p><br></p>`));
    expect(document.querySelector('video[data-state="transcoding"]')).toHaveAttribute('aria-label', '转码中');
    await waitFor(() => expect(transcoding.map((t) => t.vid)).toEqual([VID]));
    act(() => transcoding[0]?.resolve(video(VideoState.DONE, { PosterUri: '/oss/creator/video/p.jpg', videoUri: '/oss/creator/video/t.mp4' })));
    await waitFor(() =>
      expect(ref.current?.getHtml()).toMatch(
        /^<p>前文<\/p><video src="\/oss\/creator\/video\/t\.mp4" poster="\/oss\/creator\/video\/p\.jpg" controls=""><\/video>/,
      ),
    );
    expect(ref.current?.getHtml()).not.toContain('ql-vid-');
  });

  it('follows a cover that comes back by undo, and does not look for covers while the creator types', async () => {
    const { ref, quill, pending, transcoding } = await mount();
    await chooseUpload('插入视频', new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]?.resolve(video(VideoState.TRANSCODING)));
    await waitFor(() => expect(transcoding).toHaveLength(1));
    // Typing does not look through the body for covers.
    const looked = jest.spyOn(quill.root, 'querySelectorAll');
    act(() => {
      quill.insertText(quill.getLength() - 1, '黄河', 'user');
      quill.insertText(quill.getLength() - 1, '之水', 'user');
    });
    expect(looked.mock.calls.filter(([selector]) => String(selector).includes('transcoding'))).toHaveLength(0);
    looked.mockRestore();
    // Deleted while transcoding, the cover is not there to swap when the transcoding ends …
    act(() => {
      quill.deleteText(0, 1, 'user');
    });
    act(() => transcoding[0]?.resolve(video(VideoState.DONE, { PosterUri: '/oss/creator/video/p.jpg', videoUri: '/oss/creator/video/t.mp4' })));
    await waitFor(() => expect(ref.current?.getHtml()).toBe('<p>黄河之水</p>'));
    // … and back by undo it is followed again to its poster.
    act(() => (quill.getModule('history') as { undo(): void }).undo());
    expect(document.querySelector('video[data-state="transcoding"]')).toHaveAttribute('aria-label', '转码中');
    await waitFor(() => expect(transcoding.map((t) => t.vid)).toEqual([VID, VID]));
    act(() => transcoding[1]?.resolve(video(VideoState.DONE, { PosterUri: '/oss/creator/video/p.jpg', videoUri: '/oss/creator/video/t.mp4' })));
    await waitFor(() =>
      expect(ref.current?.getHtml()).toMatch(/^<video src="\/oss\/creator\/video\/t\.mp4" poster="\/oss\/creator\/video\/p\.jpg" controls=""><\/video>/),
    );
  });

  it('says 转码失败 on the cover when transcoding fails, and does not save that video', async () => {
    const { ref, pending, transcoding } = await mount();
    await chooseUpload('插入视频', new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]?.resolve(video(VideoState.TRANSCODING)));
    await waitFor(() => expect(transcoding).toHaveLength(1));
    act(() => transcoding[0]?.resolve(video(VideoState.FAILED, { error: '无法识别的视频编码' })));
    expect(await screen.findByText('视频转码失败：无法识别的视频编码')).toBeInTheDocument();
    expect(document.querySelector('video[data-state="failed"]')).toHaveAttribute('aria-label', '转码失败');
    expect(ref.current?.getHtml()).toBe('<p><br></p>');
  });

  it('uploads a picture pasted as a file', async () => {
    const { ref, pending, quill } = await mount();
    const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => '', files: [png('screenshot.png')] } });
    act(() => {
      quill.root.dispatchEvent(event);
    });
    await waitFor(() => expect(placeholders()).toHaveLength(1));
    expect(pending[0]?.file.name).toBe('screenshot.png');
    act(() => pending[0]?.resolve({ url: STORED }));
    await waitFor(() => expect(ref.current?.getHtml()).toBe(`<p><img src="${STORED}"></p>`));
  });

  it('records the use of a material inserted from the library', async () => {
    const { ref } = await mount();
    fireEvent.click(screen.getByRole('button', { name: '插入图片' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /从素材库选择/ }));
    fireEvent.click(await screen.findByRole('button', { name: /黄河晚霞/ }));
    await waitFor(() => expect(ref.current?.getHtml()).toBe('<p><img src="/oss/creator/image/5.png"></p>'));
    expect(recorded).toEqual([{ material_id: 5, type: 1 }]);
  });

  it('strips placeholders from any HTML it hands out, even one loaded with them', async () => {
    const { ref } = await mount();
    act(() =>
      ref.current?.setHtml(
        '<p>字</p><p><img class="ql-upload-placeholder" data-upload-id="0123456789abcdef0123456789abcdef" data-kind="image" src="data:image/svg+xml,x"></p>',
      ),
    );
    expect(ref.current?.getHtml()).toBe('<p>字</p>');
  });
});
