/**
 * The storage's refusals of an upload that retrying cannot fix, in words the creator can act on:
 * the creator's quota used up, too many uploads left unfinished, a file beyond what its kind may
 * hold. The embedded storage answers them as OSS errors while the bytes stream (upload/storage-refusal.ts
 * turns those into these messages); with a real OSS bucket the server says them before the upload
 * starts (`/api/upload/tos/token` with the kind and size) and where it accepts the object.
 */
export const STORAGE_REFUSAL_MESSAGES = {
  QuotaExceeded: '存储空间已用完，无法继续上传，请删除不用的素材或联系客服',
  TooManyOpenUploads: '未完成的上传过多，请等待其他文件上传完成后再试',
  EntityTooLarge: '文件超过了允许上传的大小',
} as const;

/** What may be uploaded, by the kind folder of its key. */
export const UPLOAD_KIND_NAMES = ['image', 'video', 'audio', 'file'] as const;

/** The largest object of each kind (videos up to 2 GB; anything else 200 MiB). */
export const UPLOAD_KIND_MAX_BYTES: Readonly<Record<(typeof UPLOAD_KIND_NAMES)[number], number>> = {
  image: 200 * 1024 * 1024,
  video: 2 * 1024 ** 3,
  audio: 200 * 1024 * 1024,
  file: 200 * 1024 * 1024,
};
