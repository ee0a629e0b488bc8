import { Quill } from 'react-quill-new';
import type { Parchment as ParchmentNs } from 'quill';
import type { BlockEmbed } from 'quill/blots/block';
import { EMBED_HOSTS, IFRAME_SANDBOX } from 'shared-sdk/contract';

/** Spec §9: the editor's font sizes and first-line indent. */
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
    static override create(value: MediaValue | string) {
      const node = super.create() as HTMLVideoElement;
      const media = typeof value === 'string' ? { src: value } : value;
      node.setAttribute('src', mediaUrl(media.src));
      if (media.poster) node.setAttribute('poster', mediaUrl(media.poster));
      node.setAttribute('controls', '');
      return node;
    }
    static override value(node: HTMLElement): MediaValue {
      const poster = node.getAttribute('poster');
      return { src: node.getAttribute('src') ?? '', ...(poster ? { poster } : {}) };
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

  Quill.register(RuleBlot, true);
  Quill.register(EmbedBlot, true);
  Quill.register(VideoBlot, true);
  Quill.register(AudioBlot, true);
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
];

/**
 * Quill writes a node's style declarations in the order the formats were applied, which flips
 * from one load to the next; sorted, a body saved and reloaded reads byte for byte the same.
 */
export function canonicalHtml(html: string): string {
  return html.replace(/ style="([^"]*)"/g, (_all, style: string) => {
    const declarations = style
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .sort();
    return ` style="${declarations.join('; ')};"`;
  });
}
