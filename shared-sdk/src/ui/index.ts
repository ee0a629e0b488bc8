/**
 * `shared-sdk/ui`: React pieces built on antd, kept off the package root so that the root (loaded by
 * every page, /login included) does not pull antd components into the first load. Nothing here holds
 * state: whatever talks to the server is passed in from the caller's `shared-sdk`.
 */
export { useImageUpload, IMAGE_UPLOAD_ACCEPT, NOT_AN_IMAGE, UPLOAD_FAILED, type ImageUploader } from './use-image-upload';
