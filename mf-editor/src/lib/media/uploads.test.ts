import { VideoState, type VideoUploadResult } from 'shared-sdk';
import { followTranscoding, TRANSCODING_RETRIES, TRANSCODING_RETRY_DELAY_MS, type MediaUploads } from './uploads';

const result = (state: VideoUploadResult['state']): VideoUploadResult => ({
  Vid: 'v1',
  url: '/oss/creator/video/a.mov',
  PosterUri: '',
  videoUri: '',
  state,
  state_text: '',
  error: '',
  progress: 0,
});

/** A video service whose status answers are given in order: an Error is a failed request. */
function service(...answers: Array<VideoUploadResult | Error>) {
  const asked: string[] = [];
  const uploads: MediaUploads = {
    uploadFile: () => Promise.reject(new Error('unused')),
    uploadVideo: () => Promise.reject(new Error('unused')),
    waitForTranscoding: (vid) => {
      asked.push(vid);
      const answer = answers.shift() ?? new Error('no answer');
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { uploads, asked };
}

describe('followTranscoding', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks again after a status that could not be read, and ends with the transcoding result', async () => {
    const { uploads, asked } = service(new Error('Network Error'), new Error('Network Error'), result(VideoState.DONE));
    const followed = followTranscoding(uploads, 'v1', new AbortController().signal);
    await jest.advanceTimersByTimeAsync(2 * TRANSCODING_RETRY_DELAY_MS);
    await expect(followed).resolves.toMatchObject({ state: VideoState.DONE });
    expect(asked).toEqual(['v1', 'v1', 'v1']);
  });

  it('gives up after the last retry, and stops at once when stopped', async () => {
    const failing = service();
    const givenUp = followTranscoding(failing.uploads, 'v1', new AbortController().signal);
    await jest.advanceTimersByTimeAsync((TRANSCODING_RETRIES + 1) * TRANSCODING_RETRY_DELAY_MS);
    await expect(givenUp).resolves.toBeNull();
    expect(failing.asked).toHaveLength(TRANSCODING_RETRIES + 1);

    const stopping = service(new Error('Network Error'), result(VideoState.DONE));
    const controller = new AbortController();
    const stopped = followTranscoding(stopping.uploads, 'v1', controller.signal);
    await jest.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(stopped).resolves.toBeNull();
    expect(stopping.asked).toHaveLength(1);
  });
});
