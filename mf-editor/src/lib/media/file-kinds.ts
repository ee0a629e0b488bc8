/**
 * Which files the editor's 上传 offers and which materials count as audio, built from the contract's
 * rules (`shared-sdk`: EDITOR_IMAGE_EXTENSIONS, EDITOR_AUDIO_EXTENSIONS, EDITOR_AUDIO_SUBTYPES) so
 * that the chooser, the check after choosing (`isEditorImage`, `isEditorAudio`) and the messages
 * name the same files. The server judges audio by its bytes.
 */
import { EDITOR_AUDIO_EXTENSIONS, EDITOR_AUDIO_SUBTYPES, EDITOR_IMAGE_EXTENSIONS, mimeOfImage } from 'shared-sdk';
import type { UploadMediaKind } from './upload-art';

const AUDIO_URL = new RegExp(`\\.(${EDITOR_AUDIO_EXTENSIONS.join('|')})(\\?|$)`, 'i');

/** A type-3 material (video and audio share it) that is an audio, by its address. */
export function isAudioUrl(url: string): boolean {
  return AUDIO_URL.test(url);
}

const imageMimes = [...new Set(EDITOR_IMAGE_EXTENSIONS.map((ext) => mimeOfImage(`picture.${ext}`)).filter((mime): mime is string => Boolean(mime)))];

/** The file chooser of 上传, per kind (the files are checked again after choosing). */
export const UPLOAD_ACCEPT: Readonly<Record<UploadMediaKind, string>> = {
  image: [...EDITOR_IMAGE_EXTENSIONS.map((ext) => `.${ext}`), ...imageMimes].join(','),
  video: 'video/*',
  audio: [...EDITOR_AUDIO_EXTENSIONS.map((ext) => `.${ext}`), ...EDITOR_AUDIO_SUBTYPES.map((subtype) => `audio/${subtype}`)].join(','),
};
