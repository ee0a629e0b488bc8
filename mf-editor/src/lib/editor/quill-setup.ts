import Quill, { Delta } from 'quill';
import type { Parchment as ParchmentNs, Range as QuillRange } from 'quill';
import { bubbleFormats, type BlockEmbed } from 'quill/blots/block';
import CursorBlot from 'quill/blots/cursor';
import type ImageFormat from 'quill/formats/image';
import TextBlot from 'quill/blots/text';
import { EMBED_HOSTS, IFRAME_SANDBOX } from 'shared-sdk/contract';
import {
  placeholderArt,
  TRANSCODE_FAILED_TEXT,
  TRANSCODING_TEXT,
  transcodingText,
  UPLOAD_PLACEHOLDER_CLASS,
  uploadingText,
  videoCoverArt,
  type UploadMediaKind,
} from '../media/upload-art';

/** docs/product.md §9: the editor's font sizes and first-line indent. */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '24px', '36px'] as const;
export const FIRST_LINE_INDENT = '2em';
export const EDITOR_PLACEHOLDER = '请输入正文';
export const EDITOR_BOTTOM_MARGIN = 50;

type StyleAttributor = ParchmentNs.StyleAttributor;
type BlockEmbedClass = typeof BlockEmbed;

export interface MediaValue {
  src: string;
  poster?: string;
}

/**
 * A video in the body. Right after an upload it is a cover (`state` transcoding, or failed) with the
 * video service's `vid`: no controls and no playback until transcoding is done (docs/product.md §2).
 */
export interface VideoValue extends MediaValue {
  vid?: string;
  state?: 'transcoding' | 'failed';
}

/** An upload on its way: a placeholder with a 32-character random id (docs/product.md §5, §9). */
export interface UploadPlaceholderValue {
  id: string;
  kind: UploadMediaKind;
}

/**
 * A video saved while it was still transcoding keeps its video-service id as a class (`ql-vid-<32
 * hex>`: the one kind of attribute the server's sanitizer keeps besides the player's own), so
 * opening the draft again shows the cover and follows the transcoding to its end.
 */
const VID_CLASS = /(?:^|\s)ql-vid-([0-9a-f]{32})(?:\s|$)/;
export function transcodingVidOf(node: Element): string | null {
  return VID_CLASS.exec(node.getAttribute('class') ?? '')?.[1] ?? null;
}

/** Shows an upload's progress on its placeholder; not an edit (the placeholder's value stays the same). */
export function showUploadProgress(node: HTMLElement, kind: UploadMediaKind, percent: number): void {
  node.setAttribute('src', placeholderArt(kind, percent));
  node.setAttribute('alt', uploadingText(kind, percent));
  node.setAttribute('aria-label', uploadingText(kind, percent));
  node.setAttribute('data-progress', String(percent));
}

/** Shows how far a video's transcoding has got on its cover (转码中 42%); not an edit either. */
export function showTranscodingProgress(node: HTMLElement, percent: number): void {
  node.setAttribute('poster', videoCoverArt('transcoding', percent));
  node.setAttribute('aria-label', transcodingText(percent));
  node.setAttribute('data-progress', String(percent));
}

/** A safe media address: http(s) or a path of our own origin; anything else becomes about:blank. */
function mediaUrl(url: string): string {
  return /^(https?:\/\/|\/)/i.test(url) ? url : 'about:blank';
}

export interface EmbedValue {
  src: string;
  width: number;
  height: number;
}

/** A player of an allow-listed video site over https (media embeds); anything else becomes about:blank. */
function playerUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && EMBED_HOSTS.includes(parsed.hostname) ? parsed.href : 'about:blank';
  } catch {
    return 'about:blank';
  }
}

let registered = false;

type ImageFormatClass = typeof ImageFormat;

/** The size declarations a picture may carry (the server's sanitizer keeps the same), in a stable form. */
const IMAGE_STYLE = /^\s*(width|height|max-width)\s*:\s*(\d{1,4}(?:\.\d{1,2})?(?:px|%|em)|auto)\s*$/i;
export function imageStyle(style: string | null): string {
  return (style ?? '')
    .split(';')
    .flatMap((piece) => {
      const match = IMAGE_STYLE.exec(piece);
      return match ? [`${(match[1] ?? '').toLowerCase()}: ${match[2]}`] : [];
    })
    .join('; ');
}

/**
 * Registers the formats the toolbar offers, once per page. Colours, sizes, alignment and the
 * first-line indent are inline styles rather than Quill's classes, so a body reads the same in the
 * app and on the web without Quill's stylesheet (and the shared sanitizer keeps exactly these).
 */
export function registerEditorFormats(): void {
  if (registered) return;
  registered = true;
  const Parchment = Quill.import('parchment') as typeof ParchmentNs;
  const Embed = Quill.import('blots/block/embed') as BlockEmbedClass;

  const size = Quill.import('attributors/style/size') as StyleAttributor;
  size.whitelist = [...FONT_SIZES];
  Quill.register(size, true);
  Quill.register(Quill.import('attributors/style/align') as StyleAttributor, true);
  Quill.register(Quill.import('attributors/style/color') as StyleAttributor, true);
  Quill.register(Quill.import('attributors/style/background') as StyleAttributor, true);
  Quill.register(new Parchment.StyleAttributor('indent2em', 'text-indent', { scope: Parchment.Scope.BLOCK, whitelist: [FIRST_LINE_INDENT] }), true);

  class RuleBlot extends Embed {
    static override blotName = 'rule';
    static override tagName = 'HR';
  }

  class VideoBlot extends Embed {
    static override blotName = 'video';
    static override tagName = 'VIDEO';
    static override create(value: VideoValue | string) {
      const node = super.create() as HTMLVideoElement;
      const media: VideoValue = typeof value === 'string' ? { src: value } : value;
      node.setAttribute('src', mediaUrl(media.src));
      if (media.state === 'transcoding' || media.state === 'failed') {
        // The cover: the state in words, nothing to play (the original is not transcoded yet).
        node.setAttribute('poster', videoCoverArt(media.state));
        node.setAttribute('preload', 'none');
        node.setAttribute('data-state', media.state);
        node.setAttribute('data-vid', media.vid ?? '');
        node.setAttribute('aria-label', media.state === 'transcoding' ? TRANSCODING_TEXT : TRANSCODE_FAILED_TEXT);
        return node;
      }
      if (media.poster) node.setAttribute('poster', mediaUrl(media.poster));
      node.setAttribute('controls', '');
      return node;
    }
    static override value(node: HTMLElement): VideoValue {
      const state = node.getAttribute('data-state');
      if (state === 'transcoding' || state === 'failed') return { src: node.getAttribute('src') ?? '', vid: node.getAttribute('data-vid') ?? '', state };
      const poster = node.getAttribute('poster');
      // Saved while transcoding: the cover again, and the editor follows the transcoding on.
      const vid = transcodingVidOf(node);
      if (vid && !poster) return { src: node.getAttribute('src') ?? '', vid, state: 'transcoding' };
      return { src: node.getAttribute('src') ?? '', ...(poster ? { poster } : {}) };
    }
  }

  // The upload placeholder: an inline picture of the progress, found again by its id.
  class UploadPlaceholderBlot extends Parchment.EmbedBlot {
    static override blotName = 'uploading';
    static override tagName = 'IMG';
    static override className = UPLOAD_PLACEHOLDER_CLASS;
    static override create(value: UploadPlaceholderValue) {
      const node = super.create() as HTMLElement;
      node.setAttribute('data-upload-id', value.id);
      node.setAttribute('data-kind', value.kind);
      showUploadProgress(node, value.kind, 0);
      return node;
    }
    static override value(node: HTMLElement): UploadPlaceholderValue {
      return { id: node.getAttribute('data-upload-id') ?? '', kind: (node.getAttribute('data-kind') ?? 'image') as UploadMediaKind };
    }
  }

  class AudioBlot extends Embed {
    static override blotName = 'audio';
    static override tagName = 'AUDIO';
    static override create(value: MediaValue | string) {
      const node = super.create() as HTMLAudioElement;
      node.setAttribute('src', mediaUrl(typeof value === 'string' ? value : value.src));
      node.setAttribute('controls', '');
      return node;
    }
    static override value(node: HTMLElement): MediaValue {
      return { src: node.getAttribute('src') ?? '' };
    }
  }

  // A video site's player (the media embed dialog), in the product's sandbox, as the server keeps it.
  class EmbedBlot extends Embed {
    static override blotName = 'embed';
    static override tagName = 'IFRAME';
    static override create(value: EmbedValue) {
      const node = super.create() as HTMLIFrameElement;
      node.setAttribute('src', playerUrl(value.src));
      node.setAttribute('width', String(value.width));
      node.setAttribute('height', String(value.height));
      node.setAttribute('frameborder', '0');
      node.setAttribute('allowfullscreen', '');
      node.setAttribute('sandbox', IFRAME_SANDBOX);
      return node;
    }
    static override value(node: HTMLElement): EmbedValue {
      return { src: node.getAttribute('src') ?? '', width: Number(node.getAttribute('width')) || 300, height: Number(node.getAttribute('height')) || 150 };
    }
  }

  // Pictures keep a size style (pasted ones come full width with automatic height, docs/product.md §5), which
  // Quill's own image format would drop: it keeps only the alt, width and height attributes.
  const BaseImage = Quill.import('formats/image') as ImageFormatClass;
  class ImageBlot extends BaseImage {
    static override formats(node: Element): Record<string, string> {
      const formats = super.formats(node) as Record<string, string>;
      const style = imageStyle(node.getAttribute('style'));
      return style ? { ...formats, style } : formats;
    }
    override format(name: string, value: unknown): void {
      if (name !== 'style') return super.format(name, value as string);
      const style = imageStyle(typeof value === 'string' ? value : null);
      if (style) this.domNode.setAttribute('style', style);
      else this.domNode.removeAttribute('style');
    }
  }

  Quill.register(ImageBlot, true);
  Quill.register(RuleBlot, true);
  Quill.register(EmbedBlot, true);
  Quill.register(VideoBlot, true);
  Quill.register(AudioBlot, true);
  Quill.register(UploadPlaceholderBlot, true);
}

/**
 * Quill's paste reads any text-indent as a tab (for Google Docs); ours is the first-line indent
 * format, so that tab is taken back out, or every load of a saved body would add one.
 */
export function keepFirstLineIndent(node: Node, delta: DeltaLike): DeltaLike {
  const first = delta.ops[0];
  if (node instanceof HTMLElement && node.style.textIndent === FIRST_LINE_INDENT && typeof first?.insert === 'string' && first.insert.startsWith('\t')) {
    if (first.insert.length === 1) delta.ops.shift();
    else first.insert = first.insert.slice(1);
  }
  return delta;
}

interface DeltaLike {
  ops: { insert?: unknown }[];
}

/** Every format the editor keeps: anything else in a paste is dropped. */
export const EDITOR_FORMATS = [
  'bold',
  'italic',
  'color',
  'background',
  'size',
  'align',
  'indent2em',
  'link',
  'image',
  'video',
  'audio',
  'rule',
  'embed',
  'uploading',
];

/**
 * Quill writes a node's style declarations in the order the formats were applied, which flips
 * from one load to the next; sorted, a body saved and reloaded reads byte for byte the same.
 */
export function canonicalHtml(html: string): string {
  return withoutUploadState(html).replace(/ style="([^"]*)"/g, (_all, style: string) => {
    const declarations = style
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .sort();
    return ` style="${declarations.join('; ')};"`;
  });
}

/**
 * The body as it may be saved: no upload placeholder (an upload on its way is not content yet), a
 * video still transcoding as a plain player of the uploaded original with its id as a class (the
 * editor swaps in the transcoded copy and its poster when they are ready, also after a reload), and
 * no video whose transcoding failed.
 * The server would drop the placeholders anyway (their pictures are data: addresses).
 */
export function withoutUploadState(html: string): string {
  if (!html.includes(UPLOAD_PLACEHOLDER_CLASS) && !html.includes('data-state=')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const body = template.content;
  body.querySelectorAll(`img.${UPLOAD_PLACEHOLDER_CLASS}`).forEach((node) => {
    const parent = node.parentElement;
    node.remove();
    // A paragraph that held only the placeholder goes with it.
    if (parent?.tagName === 'P' && parent.childNodes.length === 0) parent.remove();
  });
  body.querySelectorAll('video[data-state="failed"]').forEach((node) => node.remove());
  body.querySelectorAll('video[data-state="transcoding"]').forEach((node) => {
    const video = document.createElement('video');
    const vid = node.getAttribute('data-vid') ?? '';
    if (/^[0-9a-f]{32}$/.test(vid)) video.setAttribute('class', `ql-vid-${vid}`);
    video.setAttribute('src', node.getAttribute('src') ?? '');
    video.setAttribute('controls', '');
    node.replaceWith(video);
  });
  return template.innerHTML;
}

/**
 * Text Quill 2.0.3's one-character fast path could take but does not: its `Editor#update` diffs
 * just the typed text node only when that node is pure ASCII, so every key typed in Chinese rebuilds
 * and diffs the whole article's Delta (tens of ms in a long article). Here: no control characters,
 * no surrogate pairs (a diff could split one) and no cursor placeholder (U+FEFF) in the node.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this excludes
const FAST_TEXT = /^[^\u0000-\u001f\u007f\ud800-\udfff\ufeff]*$/;
const ASCII = /^[ -~]*$/;

interface EditorInternals {
  delta: Delta;
  scroll: { find(node: Node): unknown };
  update(change: Delta | null, mutations?: MutationRecord[], selectionInfo?: { oldRange: QuillRange; newRange: QuillRange }): Delta;
}

/**
 * Lets Quill's fast path (quill/core/editor.js `update`) apply to a change of one text node that is
 * not ASCII but is as safe (above): the same steps as Quill's (the node's old and new text diffed in
 * place, the inserts given the node's formats, the document's Delta composed with the change), so the
 * change, the history and the HTML are the ones the full rebuild gives. Anything else goes to Quill.
 */
export function widenCharacterFastPath(quill: Quill): void {
  const editor = (quill as unknown as { editor: EditorInternals }).editor;
  const update = editor.update.bind(editor);
  editor.update = (change, mutations = [], selectionInfo) => {
    const [mutation] = mutations;
    const node = mutation?.target;
    const blot = node ? editor.scroll.find(node) : null;
    if (
      mutations.length !== 1 ||
      mutation?.type !== 'characterData' ||
      !(node instanceof Text) ||
      !(blot instanceof TextBlot) ||
      ASCII.test(node.data) || // Quill's own fast path
      !FAST_TEXT.test(node.data) ||
      !FAST_TEXT.test((mutation.oldValue ?? '').replace(CursorBlot.CONTENTS, ''))
    ) {
      return update(change, mutations, selectionInfo);
    }
    const formats = bubbleFormats(blot);
    const index = blot.offset(quill.scroll);
    const shift = (range: QuillRange) => ({ index: range.index - index, length: range.length });
    const cursor = selectionInfo && { oldRange: shift(selectionInfo.oldRange), newRange: shift(selectionInfo.newRange) };
    const typed = new Delta().insert((mutation.oldValue ?? '').replace(CursorBlot.CONTENTS, '')).diff(new Delta().insert(blot.value()), cursor);
    const result = new Delta()
      .retain(index)
      .concat(typed)
      .reduce((delta: Delta, op) => (op.insert ? delta.insert(op.insert, formats) : delta.push(op)), new Delta());
    editor.delta = editor.delta.compose(result);
    return result;
  };
}
