/**
 * What the editor shows in the body while media is on its way (docs/product.md §2 and §4): an upload
 * placeholder with its progress, and a video's cover while it is transcoding (no playback there).
 * Both are inline SVG pictures: they need no request, and no data: picture ever survives the
 * server's sanitizer (only http(s) and our own storage's addresses do), so none can be saved.
 */
export type UploadMediaKind = 'image' | 'video' | 'audio';

export const UPLOAD_KIND_LABEL: Readonly<Record<UploadMediaKind, string>> = { image: '图片', video: '视频', audio: '音频' };

/** The class of the placeholder blot: the editor strips it from every HTML it hands out. */
export const UPLOAD_PLACEHOLDER_CLASS = 'ql-upload-placeholder';

export const TRANSCODING_TEXT = '转码中';
export const TRANSCODE_FAILED_TEXT = '转码失败';

function svg(width: number, height: number, body: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`;
}

const FONT = 'font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"';

export function uploadingText(kind: UploadMediaKind, percent: number): string {
  return `${UPLOAD_KIND_LABEL[kind]}上传中 ${percent}%`;
}

/** The placeholder's picture: what is uploading, the percentage and a progress bar. */
export function placeholderArt(kind: UploadMediaKind, percent: number): string {
  const width = 640;
  const height = kind === 'audio' ? 96 : 200;
  const bar = Math.round(((width - 160) * Math.max(0, Math.min(100, percent))) / 100);
  const middle = height / 2;
  return svg(
    width,
    height,
    `<rect width="100%" height="100%" rx="8" fill="#f5f7fa" stroke="#d9d9d9" stroke-dasharray="6 4"/>` +
      `<text x="50%" y="${middle - 10}" font-size="18" fill="#595959" text-anchor="middle" ${FONT}>${uploadingText(kind, percent)}</text>` +
      `<rect x="80" y="${middle + 8}" width="${width - 160}" height="8" rx="4" fill="#e8e8e8"/>` +
      `<rect x="80" y="${middle + 8}" width="${bar}" height="8" rx="4" fill="#1677ff"/>`,
  );
}

/** 转码中, with how far it has got once the video service has said so: 转码中 42%. */
export function transcodingText(percent?: number): string {
  return percent === undefined ? TRANSCODING_TEXT : `${TRANSCODING_TEXT} ${percent}%`;
}

/** A video's cover while it transcodes (or after it failed): a dark frame with the state in words. */
export function videoCoverArt(state: 'transcoding' | 'failed', percent?: number): string {
  const title = state === 'transcoding' ? transcodingText(percent) : TRANSCODE_FAILED_TEXT;
  const hint = state === 'transcoding' ? '视频上传成功，转码完成后即可播放' : '请删除后重新上传';
  return svg(
    640,
    360,
    `<rect width="100%" height="100%" fill="#1f1f1f"/>` +
      `<text x="50%" y="160" font-size="30" fill="${state === 'transcoding' ? '#ffffff' : '#ff7875'}" text-anchor="middle" ${FONT}>${title}</text>` +
      `<text x="50%" y="210" font-size="16" fill="#bfbfbf" text-anchor="middle" ${FONT}>${hint}</text>`,
  );
}
