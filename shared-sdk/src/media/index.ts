/** The editor's media calls: AI helpers, re-hosting pasted images, video upload and transcoding state. */
export { streamAiWrite, AI_WRITE_PATH, AI_STATUS_PATH } from './ai-write';
export { rehostImage, TRANS_IMAGE_PATH } from './rehost-image';
export { delay, prepareVideoUpload, uploadVideo, videoStatus, waitForTranscoding, isVideoFile, VOD_COMMIT_PATH, VOD_STATUS_PATH } from './video-upload';
export { sseReader, type SseEvent } from './sse';
