import { useEffect, useRef, useState } from 'react';
import { App, Button, Progress, Space, Typography } from 'antd';
import { EDITOR_UPLOAD_MESSAGES, EditorKind, isVideoFile, MaterialType, VideoState, type EditorVideo } from 'shared-sdk';
import { recordMaterialUse } from '../api/use-material';
import { MaterialPicker } from './materials/material-picker';
import { VIDEO_TRANSCODED, VIDEO_UPLOADED } from '../hooks/media/use-media-uploads';
import { TRANSCODE_FAILED_TEXT, transcodingText } from '../lib/media/upload-art';
import { isAudioUrl, UPLOAD_ACCEPT } from '../lib/media/file-kinds';
import { followTranscoding, storageUploads, uploadFailureText, type MediaUploads } from '../lib/media/uploads';

type Phase = { state: 'uploading'; percent: number } | { state: 'failed'; error: string } | null;

const box = { border: '1px dashed #d9d9d9', borderRadius: 8, padding: 32, textAlign: 'center' as const, width: 480, maxWidth: '100%' };

/**
 * The video of a video piece: uploaded here (上传中 with progress, then 转码中 with the percent the
 * video service reports until it has transcoded it, then played with its poster; or 转码失败) or chosen from my type-3
 * materials. A video saved while still transcoding (its `vid` without a poster yet) is followed
 * again when the screen opens.
 */
export function VideoField({
  video,
  onChange,
  uploads = storageUploads,
}: {
  video: EditorVideo;
  onChange: (video: EditorVideo) => void;
  uploads?: MediaUploads;
}) {
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const [phase, setPhase] = useState<Phase>(null);
  // How far transcoding has got, once the video service has said so (per vid: a new video starts unknown).
  const [transcoded, setTranscoded] = useState<{ vid: string; percent: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const transcoding = Boolean(video.vid && video.url && !video.poster);
  useEffect(() => {
    if (!transcoding) return;
    const controller = new AbortController();
    const vid = video.vid;
    void followTranscoding(uploads, vid, controller.signal, (percent) => setTranscoded({ vid, percent })).then((result) => {
      if (!result) return;
      if (result.state === VideoState.DONE) {
        onChangeRef.current({ url: result.videoUri || result.url, poster: result.PosterUri, vid: result.Vid });
        void message.success(VIDEO_TRANSCODED);
      } else {
        setPhase({ state: 'failed', error: result.error });
        onChangeRef.current({ url: '', poster: '', vid: '' });
      }
    });
    return () => controller.abort();
  }, [transcoding, video.vid, uploads, message]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!isVideoFile(file)) return void message.warning(EDITOR_UPLOAD_MESSAGES.VIDEO_TYPE);
    setPhase({ state: 'uploading', percent: 0 });
    try {
      const result = await uploads.uploadVideo(file, (percent) => setPhase({ state: 'uploading', percent }));
      if (result.state === VideoState.FAILED) {
        setPhase({ state: 'failed', error: result.error });
        return;
      }
      setPhase(null);
      void message.success(VIDEO_UPLOADED);
      onChange({ url: result.state === VideoState.DONE ? result.videoUri || result.url : result.url, poster: result.PosterUri, vid: result.Vid });
    } catch (error) {
      // docs/product.md §8: upload errors are logged; the creator is told it failed and why.
      console.error('video upload', error);
      setPhase(null);
      void message.error(uploadFailureText('video', error));
    }
  };

  // Reaching for the button starts what the upload will wait for (the storage client),
  // so it is there by the time a file is chosen.
  const prepare = () => uploads.prepareVideo?.();
  const chooseFile = () => {
    if (!input.current) return;
    prepare();
    input.current.value = '';
    input.current.click();
  };
  const actions = (
    <Space>
      <Button type="primary" onClick={chooseFile} onPointerEnter={prepare} onFocus={prepare}>
        上传视频
      </Button>
      <Button onClick={() => setPicking(true)}>从素材库选择视频</Button>
    </Space>
  );

  const coverText = transcodingText(transcoded?.vid === video.vid ? transcoded.percent : undefined);
  const state = phase?.state ?? (transcoding ? 'transcoding' : video.url ? 'chosen' : 'empty');
  return (
    <div data-testid="video-field" data-state={state}>
      {phase?.state === 'uploading' ? (
        <div style={box}>
          <Progress type="circle" percent={phase.percent} size={80} />
          <Typography.Paragraph style={{ marginTop: 12 }}>上传中 {phase.percent}%</Typography.Paragraph>
        </div>
      ) : transcoding ? (
        <Space orientation="vertical">
          <div role="img" aria-label={coverText} style={{ ...box, border: 'none', background: '#1f1f1f', color: '#fff', padding: '72px 32px' }}>
            <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
              {coverText}
            </Typography.Title>
            <Typography.Text style={{ color: '#bfbfbf' }}>视频上传成功，转码完成后即可播放</Typography.Text>
          </div>
          <Button danger onClick={() => onChange({ url: '', poster: '', vid: '' })}>
            移除视频
          </Button>
        </Space>
      ) : video.url ? (
        <Space orientation="vertical">
          <video src={video.url} poster={video.poster || undefined} controls style={{ width: 480, maxWidth: '100%', background: '#000' }} />
          <Space>
            <Button onClick={chooseFile} onPointerEnter={prepare} onFocus={prepare}>
              重新上传
            </Button>
            <Button onClick={() => setPicking(true)}>更换视频</Button>
            <Button danger onClick={() => onChange({ url: '', poster: '', vid: '' })}>
              移除视频
            </Button>
          </Space>
        </Space>
      ) : (
        <div style={box}>
          {phase?.state === 'failed' ? (
            <Typography.Paragraph type="danger">
              {TRANSCODE_FAILED_TEXT}
              {phase.error ? `：${phase.error}` : ''}，请重新上传
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">还没有视频</Typography.Paragraph>
          )}
          {actions}
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT.video}
        hidden
        style={{ display: 'none' }}
        aria-label="选择视频文件"
        data-testid="video-file-input"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <MaterialPicker
        open={picking}
        type={MaterialType.VIDEO}
        accept={(material) => !isAudioUrl(material.cm_url)}
        onCancel={() => setPicking(false)}
        onPick={([material]) => {
          setPicking(false);
          if (!material) return;
          setPhase(null);
          onChange({ url: material.cm_url, poster: material.cm_icon_url, vid: '' });
          void recordMaterialUse(material.cm_id, EditorKind.VIDEO);
        }}
      />
    </div>
  );
}
