import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sniffContent } from '../storage/content-sniff';
import { demoAudio, demoPicture, demoVideo } from './demo-media';

describe('demo media files', () => {
  it('are made by ffmpeg: an MP4 video with a JPEG poster and an M4A audio, typed so by their bytes', async () => {
    const [video, audio] = await Promise.all([demoVideo(), demoAudio()]);
    assert.deepEqual(sniffContent(video.file.body), { contentType: 'video/mp4', kind: 'video' });
    assert.equal(video.file.ext, 'mp4');
    assert.deepEqual(sniffContent(video.poster.body), { contentType: 'image/jpeg', kind: 'image' });
    assert.deepEqual(sniffContent(audio.body), { contentType: 'audio/mp4', kind: 'audio' });
    assert.equal(audio.ext, 'm4a');
  });

  it('pictures are safe SVGs, with their title escaped', () => {
    const picture = demoPicture('<春&日>', '#7cb305');
    assert.deepEqual(sniffContent(picture.body), { contentType: 'image/svg+xml', kind: 'image' });
    assert.match(picture.body.toString(), /&lt;春&amp;日&gt;/);
  });

  describe('when ffmpeg fails', () => {
    const saved = process.env.FFMPEG_PATH;
    before(() => {
      process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    });
    after(() => {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    });

    it('falls back to the committed WebM and a WAV', async () => {
      const [video, audio] = await Promise.all([demoVideo(), demoAudio()]);
      assert.deepEqual(sniffContent(video.file.body), { contentType: 'video/webm', kind: 'video' });
      assert.deepEqual(sniffContent(video.poster.body), { contentType: 'image/png', kind: 'image' });
      assert.deepEqual(sniffContent(audio.body), { contentType: 'audio/wav', kind: 'audio' });
    });
  });
});
