/**
 * Uploads (docs/product.md §7 `/api/upload/*`): storage credentials for the browser's direct uploads, re-hosting
 * an external image, cleaning an uploaded image, and the video service (commit an uploaded video,
 * poll its transcoding).
 */
import { type Static, Type } from 'typebox';
import { VideoState } from './values';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

/** docs/product.md §7's token, plus the key scope the credentials may write under and when they expire. */
export const TosToken = Type.Object({
  /**
   * 'embedded' for the server's own storage, else the OSS region (`oss-cn-hangzhou`): the region
   * the browser's ali-oss signs with (OSS signature V4 scopes every signature to it).
   */
  regionId: Type.String(),
  /** A path on this origin ('/oss': the embedded storage), the OSS host, or the bucket's custom domain (`cname`). */
  endpoint: Type.String(),
  /** An OSS bucket behind a custom domain: `endpoint` is that domain, objects are `https://<endpoint>/<key>`. */
  cname: Type.Optional(Type.Boolean()),
  accessKeyId: Type.String(),
  secretAccessKey: Type.String(),
  sessionToken: Type.String(),
  bucket: Type.String(),
  /** The key segment the credentials may write under (`u<uid>`). */
  keyScope: Type.String(),
  /** ISO 8601. */
  expiration: Type.String(),
  /**
   * The embedded storage only, when it takes uploads on an origin of its own (the server's storage
   * thread): send the writes there instead of the page's origin. Reads stay at `endpoint`.
   */
  uploadOrigin: Type.Optional(Type.String()),
  /**
   * When the call named what is about to be uploaded (`kind` and `size`): the one object key these
   * credentials may write (under `keyScope`), to upload the file to.
   */
  key: Type.Optional(Type.String()),
});
export type TosToken = Static<typeof TosToken>;

export const VodToken = Type.Object({ ...TosToken.properties, spaceName: Type.String(), transcodeFLowId: Type.String() });
export type VodToken = Static<typeof VodToken>;

/** docs/product.md §3: url; for video also PosterUri, Vid and videoUri. `url` is the uploaded original. */
export const VideoUploadResult = Type.Object({
  Vid: Type.String(),
  url: Type.String(),
  /** The poster frame; '' while transcoding. */
  PosterUri: Type.String(),
  /** The transcoded MP4; '' while transcoding. */
  videoUri: Type.String(),
  state: OneOf([VideoState.TRANSCODING, VideoState.DONE, VideoState.FAILED] as const, { description: '0 转码中, 1 转码完成, 2 转码失败' }),
  state_text: Type.String(),
  /** Why transcoding failed, in Chinese; '' otherwise. */
  error: Type.String(),
  /** Whole percent transcoded: 0–99 while 转码中 (as far as the worker has got), 100 once 转码完成. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type VideoUploadResult = Static<typeof VideoUploadResult>;

const NOT_CACHED = 'Answered with `cache-control: no-store`: credentials must never be cached.';

/**
 * What is about to be uploaded. With `kind` and `size` the answer names the one key (`key`) the
 * credentials may write; `key` instead asks again for the credentials of an upload granted before
 * (ali-oss refreshes them during a long upload). Required with an OSS bucket.
 */
export const UploadIntent = Type.Object({
  kind: Type.Optional(OneOf(['image', 'video', 'audio', 'file'] as const, { description: "The key's kind folder" })),
  /** Bytes of the file, as the browser sees it. */
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  /** The file name's extension (lower case letters and digits), `bin` when it has none. */
  ext: Type.Optional(Type.String({ pattern: '^[a-z0-9]{1,8}$' })),
  /** The key of an upload granted before, whose credentials are renewed. */
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type UploadIntent = Static<typeof UploadIntent>;

const INTENT =
  " With `kind` and `size` (and `ext`) the credentials write one new key only (`key` in the answer); refused (1002) beyond the kind's limit (200 MiB, a video 2 GiB): " +
  '文件超过了允许上传的大小; beyond the quota (UPLOAD_QUOTA_GB): 存储空间已用完，无法继续上传，请删除不用的素材或联系客服; with UPLOAD_MAX_OPEN uploads still unfinished: ' +
  "未完成的上传过多，请等待其他文件上传完成后再试. With `key`: the same upload's credentials again. With an OSS bucket `kind` and `size` (or `key`) are required.";

export const uploadToken = defineRoute({
  method: 'GET',
  url: '/api/upload/tos/token',
  operationId: 'uploadToken',
  summary: "Storage credentials for direct uploads under the caller's own key scope",
  description: `${NOT_CACHED} With an OSS bucket they come from STS; when STS fails: 1500 上传凭证获取失败，请稍后重试 (HTTP 502).${INTENT}`,
  tag: 'uploads',
  querystring: UploadIntent,
  data: TosToken,
});

export const videoUploadToken = defineRoute({
  method: 'GET',
  url: '/api/upload/vod/token',
  operationId: 'videoUploadToken',
  summary: 'The same storage credentials for a video upload, plus the video service fields',
  description: `${NOT_CACHED}${INTENT}`,
  tag: 'uploads',
  querystring: UploadIntent,
  data: VodToken,
});

export const transImage = defineRoute({
  method: 'POST',
  url: '/api/upload/tos/transImage',
  operationId: 'transImage',
  summary: "Re-host an external image in our storage; answers the copy's URL",
  description: 'Public addresses only, at most 10 MB, an image by its bytes (1002 otherwise); at most 30 a minute per user (1008).',
  tag: 'uploads',
  body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
  data: Type.String(),
});

/** A clean copy of an uploaded image: what the screens use in place of the upload. */
export const CleanImage = Type.Object({
  /** The clean copy's URL, used exactly as the uploaded URL was. */
  url: Type.String(),
  /** Its storage key (the upload layout, under the caller's own scope). */
  key: Type.String(),
});
export type CleanImage = Static<typeof CleanImage>;

export const cleanImage = defineRoute({
  method: 'POST',
  url: '/api/upload/tos/cleanImage',
  operationId: 'cleanImage',
  summary: 'Clean an image the browser uploaded: decoded and encoded again, metadata removed; answers the copy to save instead',
  description:
    'The upload (an image key of mine, at most 20 MB) is decoded and encoded again with its orientation applied and every metadata block (EXIF with GPS, XMP, IPTC, ICC, comments) and any trailing bytes removed; ' +
    'the copy is stored under a new key of my scope behind clean/ (which upload credentials cannot write) and the upload is deleted. Only clean copies are accepted where an image is saved. ' +
    'Refusals (1002): not one of our addresses, not an image (gif, jpeg, jpg, png, svg), contents not of the type the name claims, unreadable, larger than 16384 px a side or 50 megapixels; ' +
    "1002 只能使用自己上传的图片 for someone else's upload. Cleaning the same upload again answers the same copy. At most 120 a minute per user (1008).",
  tag: 'uploads',
  body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
  data: CleanImage,
});

export const videoCommit = defineRoute({
  method: 'POST',
  url: '/api/upload/vod/commit',
  operationId: 'videoCommit',
  summary: 'Hand an uploaded video (its storage key) to the video service, which transcodes it',
  description:
    'The key must be a video upload of mine (1002 请上传格式合规的视频, 1003 只能提交自己上传的视频), uploaded (1004), at most 2 GB (1002); committing the same key again answers the same job.',
  tag: 'video',
  body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) }),
  data: VideoUploadResult,
});

export const videoStatus = defineRoute({
  method: 'GET',
  url: '/api/upload/vod/status',
  operationId: 'videoStatus',
  summary: 'A committed video: polled while it is 转码中',
  description: "Unknown or someone else's `vid`: 1004 视频不存在.",
  tag: 'video',
  querystring: Type.Object({ vid: Type.String({ pattern: '^[0-9a-f]{32}$' }) }),
  data: VideoUploadResult,
});
