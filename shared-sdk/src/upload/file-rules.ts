/** What may be uploaded where (docs/product.md §3 allowed image types; docs/product.md §5 editor rules reuse these). */
// By the package's name, not '../contract': a remote that bundles this module then takes the page's
// one shared contract instead of bundling a copy.
import { ALLOWED_IMAGE_TYPES, VIDEO_MESSAGES } from 'shared-sdk/contract';

export type UploadKind = 'image' | 'video' | 'audio' | 'file';

const MIME_OF: Readonly<Record<string, string>> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * An image of the allowed types, judged by name and declared type (the server checks the bytes).
 * A file without a declared type is judged by its name alone.
 */
export function isAllowedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const ext = extensionOf(file.name);
  if (!ALLOWED_IMAGE_TYPES.includes(ext)) return false;
  return !file.type || file.type === MIME_OF[ext];
}

export function mimeOfImage(name: string): string | undefined {
  return MIME_OF[extensionOf(name)];
}

/** docs/product.md §5: the rich-text editor takes .jpg, .jpeg, .png and .gif pictures (no SVG in an article body). */
export const EDITOR_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif'];
/** docs/product.md §5: audio files named .mp3, .wav, .ogg or .mpeg (the editor's chooser and its audio addresses). */
export const EDITOR_AUDIO_EXTENSIONS: readonly string[] = ['mp3', 'wav', 'ogg', 'mpeg'];
/** docs/product.md §5: audio of type mp3, wav, ogg or mpeg (audio/x-wav and audio/wave are wav as some systems name it). */
export const EDITOR_AUDIO_SUBTYPES: readonly string[] = ['mp3', 'mpeg', 'wav', 'x-wav', 'wave', 'ogg'];

/** What the editor says when it refuses a file (docs/product.md §5 and §2, "Rich-text editor"). */
export const EDITOR_UPLOAD_MESSAGES = {
  IMAGE_TYPE: '仅支持上传 jpg、jpeg、png、gif 格式的图片',
  /** docs/product.md §5: the file type must start with video/ (the server's refusal of a non-video says the same). */
  VIDEO_TYPE: VIDEO_MESSAGES.NOT_VIDEO,
  AUDIO_TYPE: '仅支持上传 mp3、wav、ogg、mpeg 格式的音频',
  /** docs/product.md §5: only one audio per article. */
  AUDIO_ONCE: '音频只能添加一次，请删除后再添加',
  UPLOAD_FAILED: '上传失败，请重试',
} as const;

/** An editor picture: .jpg/.jpeg/.png/.gif by name, and a matching declared type when there is one. */
export function isEditorImage(file: Pick<File, 'name' | 'type'>): boolean {
  return EDITOR_IMAGE_EXTENSIONS.includes(extensionOf(file.name)) && isAllowedImage(file);
}

/** An editor audio: the declared type is audio/ and one of mp3, wav, ogg, mpeg. */
export function isEditorAudio(file: Pick<File, 'type'>): boolean {
  const [major, minor = ''] = file.type.toLowerCase().split('/');
  return major === 'audio' && EDITOR_AUDIO_SUBTYPES.includes(minor);
}
