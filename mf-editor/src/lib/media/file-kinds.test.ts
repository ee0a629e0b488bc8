import { isEditorAudio, isEditorImage } from 'shared-sdk';
import { isAudioUrl, UPLOAD_ACCEPT } from './file-kinds';

describe('what 上传 offers', () => {
  it('offers the pictures and audio the check after choosing takes (docs/product.md §5), and any video', () => {
    expect(UPLOAD_ACCEPT.image).toBe('.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif');
    expect(UPLOAD_ACCEPT.video).toBe('video/*');
    expect(UPLOAD_ACCEPT.audio.split(',')).toEqual(
      expect.arrayContaining(['.mp3', '.wav', '.ogg', '.mpeg', 'audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/ogg']),
    );
    for (const type of UPLOAD_ACCEPT.audio.split(',').filter((entry) => entry.startsWith('audio/'))) expect(isEditorAudio({ type })).toBe(true);
    for (const ext of UPLOAD_ACCEPT.image.split(',').filter((entry) => entry.startsWith('.'))) expect(isEditorImage({ name: `a${ext}`, type: '' })).toBe(true);
  });

  it('tells audio materials from video ones by their address', () => {
    expect(isAudioUrl('/oss/creator/audio/9.mp3')).toBe(true);
    expect(isAudioUrl('/oss/creator/audio/9.WAV?x=1')).toBe(true);
    expect(isAudioUrl('/oss/creator/video/9.mp4')).toBe(false);
    expect(isAudioUrl('/oss/creator/video/mp3.mov')).toBe(false);
  });
});
