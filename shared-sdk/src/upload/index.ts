/** Browser uploads straight to object storage, shared by the materials screen and the editors. */
export { uploadToStorage, fetchUploadToken, prepareUpload, type TokenRoute, type UploadOptions, type UploadResult } from './upload-to-storage';
export { uploadImage, cleanUploadedImage, CLEAN_IMAGE_PATH } from './upload-image';
export {
  isAllowedImage,
  extensionOf,
  mimeOfImage,
  isEditorImage,
  isEditorAudio,
  EDITOR_IMAGE_EXTENSIONS,
  EDITOR_AUDIO_EXTENSIONS,
  EDITOR_AUDIO_SUBTYPES,
  EDITOR_UPLOAD_MESSAGES,
  type UploadKind,
} from './file-rules';
export { StorageRefusal, isStorageRefusal, storageRefusalOf } from './storage-refusal';
export { UPLOAD_PART_SIZE, UPLOAD_PARALLEL, partSizeFor, partTimeoutMs } from './multipart-settings';
export { buildObjectKey, randomId, dateFolder } from './object-key';
export { objectUrl, isEmbeddedEndpoint, withPathPrefix, clientOptions, loadStorageClient } from './storage-client';
