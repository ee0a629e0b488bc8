/**
 * Uploading pictures, video and audio into the body (docs/product.md §2, §4, §5): each file is checked
 * (pictures .jpg/.jpeg/.png/.gif; video a video/ type; audio mp3/wav/ogg/mpeg and one per article),
 * then a placeholder with a 32-character random id shows its progress where the caret was. When the
 * upload is stored the placeholder becomes the picture, the `<audio>` or, for a video, a cover saying
 * 转码中 (no playback; 转码中 42% once the video service says how far it has got) that becomes the poster and the playable video once transcoding is done, or
 * says 转码失败. A failed upload takes its placeholder away and says why.
 *
 * Placeholders go in and out as 'api' changes: they are neither edits to save nor undo steps; only
 * the stored media is an edit.
 */
import { useCallback, useEffect, useRef } from 'react';
import Quill from 'quill';
import { EDITOR_UPLOAD_MESSAGES, isEditorAudio, isEditorImage, isVideoFile, randomId, VideoState } from 'shared-sdk';
import { showTranscodingProgress, showUploadProgress } from '../../lib/editor/quill-setup';
import { UPLOAD_PLACEHOLDER_CLASS, type UploadMediaKind } from '../../lib/media/upload-art';
import { followTranscoding, uploadFailureText, type MediaUploads } from '../../lib/media/uploads';

export interface UploadFeedback {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
}

export const VIDEO_UPLOADED = '视频上传成功，正在转码';
export const VIDEO_TRANSCODED = '视频转码完成';

/** docs/product.md §5, one audio per article: why another cannot go in (one is in the body or on its way), or null. */
export function secondAudioRefusal(quill: Quill): string | null {
  return quill.root.querySelector(`audio, img.${UPLOAD_PLACEHOLDER_CLASS}[data-kind="audio"]`) !== null ? EDITOR_UPLOAD_MESSAGES.AUDIO_ONCE : null;
}

/** Why the file cannot go into the body, or null. */
export function refusalOf(kind: UploadMediaKind, file: File, quill: Quill): string | null {
  if (kind === 'image') return isEditorImage(file) ? null : EDITOR_UPLOAD_MESSAGES.IMAGE_TYPE;
  if (kind === 'video') return isVideoFile(file) ? null : EDITOR_UPLOAD_MESSAGES.VIDEO_TYPE;
  return isEditorAudio(file) ? secondAudioRefusal(quill) : EDITOR_UPLOAD_MESSAGES.AUDIO_TYPE;
}

/** A change that puts a video into the body (a load, a paste, an undo, an upload's cover). */
function insertsVideo(delta: { ops: ReadonlyArray<{ insert?: unknown }> }): boolean {
  return delta.ops.some(({ insert }) => typeof insert === 'object' && insert !== null && 'video' in insert);
}

function placeholderNode(quill: Quill, id: string): HTMLElement | null {
  return quill.root.querySelector<HTMLElement>(`img.${UPLOAD_PLACEHOLDER_CLASS}[data-upload-id="${id}"]`);
}

/** Where a node of the body is now (the creator may have typed or moved things meanwhile). */
function indexOf(quill: Quill, node: HTMLElement): number | null {
  const blot = Quill.find(node);
  return blot && !(blot instanceof Quill) ? quill.getIndex(blot as Parameters<Quill['getIndex']>[0]) : null;
}

/** Swaps a node of the body (placeholder or cover) for an embed; false when it is gone. */
function swap(quill: Quill, node: HTMLElement | null, name: 'image' | 'audio' | 'video', value: unknown, source: 'user' | 'api'): boolean {
  if (!node) return false;
  const index = indexOf(quill, node);
  if (index === null) return false;
  const selection = quill.getSelection();
  const before = quill.getLength();
  quill.deleteText(index, 1, 'api');
  quill.insertEmbed(index, name, value, source);
  // Keep the creator's caret where it was in the text (a block embed may add a line break).
  if (selection) quill.setSelection(selection.index > index ? selection.index + quill.getLength() - before : selection.index, selection.length, 'silent');
  return true;
}

function removeNode(quill: Quill, node: HTMLElement | null): void {
  const index = node ? indexOf(quill, node) : null;
  if (index !== null) quill.deleteText(index, 1, 'api');
}

export interface MediaUploader {
  /** Uploads files of one kind into the body at `index` (the caret when omitted). */
  upload(kind: UploadMediaKind, files: readonly File[], index?: number): void;
}

export function useMediaUploads(quill: Quill | null, uploads: MediaUploads, feedback: UploadFeedback): MediaUploader {
  const feedbackRef = useRef(feedback);
  useEffect(() => {
    feedbackRef.current = feedback;
  }, [feedback]);
  const stopped = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    stopped.current = controller;
    return () => controller.abort();
  }, []);

  // The videos whose transcoding is being followed (by vid): each once.
  const following = useRef(new Set<string>());
  const followCover = useCallback(
    async (editor: Quill, vid: string) => {
      if (following.current.has(vid)) return;
      following.current.add(vid);
      const coverOf = () => editor.root.querySelector<HTMLElement>(`video[data-state][data-vid="${vid}"]`);
      const progress = (percent: number) => {
        const cover = coverOf();
        if (cover?.getAttribute('data-state') === 'transcoding') showTranscodingProgress(cover, percent);
      };
      const result = await followTranscoding(uploads, vid, stopped.current.signal, progress);
      // Stopped, or the status could not be read: this video is not followed again (as before a reload).
      if (!result) return;
      following.current.delete(vid);
      const cover = coverOf();
      if (result.state === VideoState.DONE) {
        if (swap(editor, cover, 'video', { src: result.videoUri || result.url, poster: result.PosterUri }, 'user'))
          feedbackRef.current.success(VIDEO_TRANSCODED);
      } else if (swap(editor, cover, 'video', { src: result.url, vid: result.Vid, state: 'failed' }, 'api')) {
        feedbackRef.current.error(`视频转码失败${result.error ? `：${result.error}` : ''}`);
      }
    },
    [uploads],
  );

  // Covers that arrive with the body (a draft saved mid-transcoding), by paste or come back by undo:
  // looked for when the editor opens and when a change inserts a video, never on a keystroke.
  useEffect(() => {
    if (!quill) return;
    const scan = () => {
      quill.root.querySelectorAll<HTMLElement>('video[data-state="transcoding"][data-vid]').forEach((node) => {
        const vid = node.getAttribute('data-vid') ?? '';
        if (vid) void followCover(quill, vid);
      });
    };
    const changed = (delta: { ops: ReadonlyArray<{ insert?: unknown }> }) => {
      if (insertsVideo(delta)) scan();
    };
    scan();
    quill.on('text-change', changed);
    return () => void quill.off('text-change', changed);
  }, [quill, followCover]);

  const uploadOne = useCallback(
    async (editor: Quill, kind: UploadMediaKind, file: File, index: number) => {
      const id = randomId();
      editor.insertEmbed(index, 'uploading', { id, kind }, 'api');
      const progress = (percent: number) => {
        const node = placeholderNode(editor, id);
        if (node) showUploadProgress(node, kind, percent);
      };
      try {
        if (kind === 'video') {
          const result = await uploads.uploadVideo(file, progress);
          const state = result.state === VideoState.DONE ? undefined : result.state === VideoState.FAILED ? 'failed' : 'transcoding';
          const value = state ? { src: result.url, vid: result.Vid, state } : { src: result.videoUri || result.url, poster: result.PosterUri };
          if (!swap(editor, placeholderNode(editor, id), 'video', value, state ? 'api' : 'user')) return;
          feedbackRef.current.success(VIDEO_UPLOADED);
          if (state === 'transcoding') void followCover(editor, result.Vid);
          return;
        }
        const { url } = await uploads.uploadFile(file, kind, progress);
        swap(editor, placeholderNode(editor, id), kind, kind === 'image' ? url : { src: url }, 'user');
      } catch (error) {
        // docs/product.md §8: upload errors are logged; the creator is told the upload failed and why.
        console.error(`${kind} upload`, error);
        removeNode(editor, placeholderNode(editor, id));
        feedbackRef.current.error(uploadFailureText(kind, error));
      }
    },
    [uploads, followCover],
  );

  const upload = useCallback(
    (kind: UploadMediaKind, files: readonly File[], at?: number) => {
      if (!quill) return;
      let index = at ?? quill.getSelection(true)?.index ?? quill.getLength() - 1;
      for (const file of files) {
        const refusal = refusalOf(kind, file, quill);
        if (refusal) {
          feedbackRef.current.warning(refusal);
          continue;
        }
        void uploadOne(quill, kind, file, index);
        index += 1;
      }
    },
    [quill, uploadOne],
  );

  return { upload };
}
