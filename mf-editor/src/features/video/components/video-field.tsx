import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { MaterialType, type EditorVideo } from 'shared-sdk';
import { MaterialPicker } from '../../materials/components/material-picker';

const AUDIO_FILE = /\.(mp3|wav|ogg|mpeg)(\?|$)/i;

/**
 * The video of a video piece. Its states here: none yet (choose one from my type-3 materials) and
 * chosen (played back, replaceable, removable). Uploading and transcoding are the media work's.
 */
export function VideoField({ video, onChange }: { video: EditorVideo; onChange: (video: EditorVideo) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <div data-testid="video-field" data-state={video.url ? 'chosen' : 'empty'}>
      {video.url ? (
        <Space orientation="vertical">
          <video src={video.url} poster={video.poster || undefined} controls style={{ width: 480, maxWidth: '100%', background: '#000' }} />
          <Space>
            <Button onClick={() => setPicking(true)}>更换视频</Button>
            <Button danger onClick={() => onChange({ url: '', poster: '', vid: '' })}>
              移除视频
            </Button>
          </Space>
        </Space>
      ) : (
        <div style={{ border: '1px dashed #d9d9d9', borderRadius: 8, padding: 32, textAlign: 'center' }}>
          <Typography.Paragraph type="secondary">还没有视频</Typography.Paragraph>
          <Button type="primary" onClick={() => setPicking(true)}>
            从素材库选择视频
          </Button>
        </div>
      )}
      <MaterialPicker
        open={picking}
        type={MaterialType.VIDEO}
        accept={(material) => !AUDIO_FILE.test(material.cm_url)}
        onCancel={() => setPicking(false)}
        onPick={([material]) => {
          setPicking(false);
          if (material) onChange({ url: material.cm_url, poster: material.cm_icon_url, vid: '' });
        }}
      />
    </div>
  );
}
