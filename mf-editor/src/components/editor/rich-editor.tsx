import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { App } from 'antd';
import Quill from 'quill';
import type { EmitterSource, Range as QuillRange } from 'quill';
import 'quill/dist/quill.snow.css';
import { EditorKind, type Material } from 'shared-sdk';
import { recordMaterialUse } from '../../api/use-material';
import { MaterialPicker } from '../materials/material-picker';
import { AiPanel } from '../media/ai-panel';
import { EmbedDialog } from '../media/embed-dialog';
import { secondAudioRefusal, useMediaUploads } from '../../hooks/media/use-media-uploads';
import { usePasteCleaning } from '../../hooks/media/use-paste-cleaning';
import { isAudioUrl, UPLOAD_ACCEPT } from '../../lib/media/file-kinds';
import { storageUploads, type MediaUploads } from '../../lib/media/uploads';
import type { AiAction } from '../../lib/editor/ai-helper';
import { countCharacters, insertEmbed, insertLink } from '../../lib/editor/commands';
import { paintFormats, pickFormats, type PaintedFormats } from '../../lib/editor/format-painter';
import {
  canonicalHtml,
  EDITOR_FORMATS,
  EDITOR_PLACEHOLDER,
  keepFirstLineIndent,
  registerEditorFormats,
  widenCharacterFastPath,
} from '../../lib/editor/quill-setup';
import { EditorToolbar } from './editor-toolbar';
import type { LinkKind, MediaKind, ToolbarActions } from './toolbar-actions';
import { LinkDialog } from './link-dialog';
import { SearchReplaceDialog } from './search-replace-dialog';
import { SelectionToolbar } from './selection-toolbar';
import * as styles from './rich-editor.module.css';

registerEditorFormats();

export interface RichEditorHandle {
  getHtml(): string;
  /** Replaces the body (loading a draft, restoring a version): not an edit, so no undo step. */
  setHtml(html: string): void;
  getText(): string;
  getQuill(): Quill | null;
}

export interface RichEditorProps {
  defaultHtml?: string;
  /** Called on every change; `source` is 'user' for typing and toolbar actions. */
  onChange?: (source: EmitterSource) => void;
  /** The writing screen's kind: a material inserted from the picker is recorded as used for it. */
  kind?: EditorKind;
  /** Where uploads go: storage and the video service (tests hand in their own). */
  uploads?: MediaUploads;
}

/** Pictures dropped or pasted as files reach Quill's uploader, which hands them to their editor's upload. */
const dropHandlers = new WeakMap<Quill, (index: number, files: File[]) => void>();
/** Every picture type, so that a refused one is refused with a message rather than ignored. */
const DROPPED_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/svg+xml',
  'image/tiff',
  'image/avif',
  'image/heic',
  'image/x-icon',
];

const MODULES = {
  toolbar: false,
  history: { delay: 800, maxStack: 200, userOnly: true },
  clipboard: { matchers: [[Node.ELEMENT_NODE, keepFirstLineIndent]] },
  uploader: {
    mimetypes: DROPPED_IMAGE_TYPES,
    handler(this: { quill: Quill }, range: { index: number; length: number }, files: File[]) {
      dropHandlers.get(this.quill)?.(range.index, files);
    },
  },
};

/** How soon the footer's 字数 follows the text: counting a long article on every key would slow typing. */
export const COUNT_DELAY_MS = 300;

/** The footer's 字数, counted at most every COUNT_DELAY_MS while the text changes, never inside a keystroke. */
const WordCount = memo(function WordCount({ quill, className }: { quill: Quill | null; className?: string }) {
  const [count, setCount] = useState(() => (quill ? countCharacters(quill) : 0));
  useEffect(() => {
    if (!quill) return;
    setCount(countCharacters(quill));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setCount(countCharacters(quill));
      }, COUNT_DELAY_MS);
    };
    quill.on('text-change', changed);
    return () => {
      quill.off('text-change', changed);
      clearTimeout(timer);
    };
  }, [quill]);
  return (
    <div className={className} aria-live="polite">
      字数：{count}
    </div>
  );
});

/** A body with nothing to show: no text and no picture, video, audio or frame. */
function isBlankBody(html: string): boolean {
  return !/<(img|video|audio|iframe)\b/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';
}

/** Same keys with the same values (Quill's format values are strings, booleans or numbers). */
function sameFormats(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The shared rich-text editor of every writing screen (docs/product.md §2 "Rich-text editor"). */
export const RichEditor = memo(
  forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor({ defaultHtml = '', onChange, kind = EditorKind.ARTICLE, uploads = storageUploads }, ref) {
    const { message } = App.useApp();
    const host = useRef<HTMLDivElement>(null);
    /** The body the editor opens with: read once, as a default value is. */
    const initialHtml = useRef(defaultHtml);
    const wrapper = useRef<HTMLDivElement>(null);
    const [quill, setQuill] = useState<Quill | null>(null);
    const [formats, setFormats] = useState<Record<string, unknown>>({});
    const [painter, setPainter] = useState<PaintedFormats | null>(null);
    const [bubble, setBubble] = useState<{ top: number; left: number } | null>(null);
    const [media, setMedia] = useState<MediaKind | null>(null);
    const [link, setLink] = useState<LinkKind | null>(null);
    const [searching, setSearching] = useState(false);
    const [embedding, setEmbedding] = useState(false);
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;
    const warn = useCallback((text: string) => void message.warning(text), [message]);
    usePasteCleaning(quill, warn);
    const feedback = useMemo(
      () => ({ success: (text: string) => void message.success(text), error: (text: string) => void message.error(text), warning: warn }),
      [message, warn],
    );
    const mediaUploads = useMediaUploads(quill, uploads, feedback);
    const fileInput = useRef<HTMLInputElement>(null);
    const pendingUpload = useRef<{ kind: MediaKind; index: number } | null>(null);

    useEffect(() => {
      if (!quill) return;
      dropHandlers.set(quill, (index, files) => mediaUploads.upload('image', files, index));
      return () => void dropHandlers.delete(quill);
    }, [quill, mediaUploads]);

    // Quill mounted by hand rather than through react-quill-new, whose own listener reads the whole
    // body's HTML twice on every change. What the writing session sees stays as it was: the default
    // body loaded as an 'api' change, then onChange(source) on every change and the selection handler
    // whenever the selection moves, silent changes included (react-quill-new listened to editor-change).
    const onSelection = useRef<(range: QuillRange | null, source: EmitterSource) => void>(() => undefined);
    // With no body to open (a new piece), Quill starts in a task of its own just after the screen's first
    // render: its constructor reads the selection, which makes the browser lay out the whole new page on
    // the spot, and inside the render's task that made it the longest task of a writing screen's load.
    // The empty editing area keeps its height meanwhile (rich-editor.module.css), so nothing moves. A body
    // to open starts Quill at once, as its height is only known once Quill has laid it out. Until Quill
    // has started, the toolbar's buttons do nothing and getHtml() gives the body the editor opens with.
    useEffect(() => {
      const container = host.current;
      if (!container) return;
      let stop: (() => void) | undefined;
      const begin = () => {
        const area = container.appendChild(document.createElement('div'));
        const editor = new Quill(area, { theme: 'snow', modules: MODULES, formats: EDITOR_FORMATS, placeholder: EDITOR_PLACEHOLDER });
        widenCharacterFastPath(editor);
        let selection: QuillRange | null = null;
        const changed = (...[name, value, , source]: [string, unknown, unknown, EmitterSource]) => {
          if (name === 'text-change') return onChangeRef.current?.(source);
          const range = value as QuillRange | null;
          if (range?.index === selection?.index && range?.length === selection?.length) return;
          selection = range;
          onSelection.current(range, source);
        };
        editor.on('editor-change', changed);
        editor.setContents(editor.clipboard.convert({ html: initialHtml.current }));
        setQuill(editor);
        stop = () => {
          editor.off('editor-change', changed);
          area.remove();
        };
      };
      let start: ReturnType<typeof setTimeout> | undefined;
      if (isBlankBody(initialHtml.current)) start = setTimeout(begin, 0);
      else begin();
      return () => {
        clearTimeout(start);
        stop?.();
        setQuill(null);
      };
    }, []);

    useImperativeHandle(
      ref,
      () => ({
        getHtml: () => canonicalHtml(quill ? quill.root.innerHTML : initialHtml.current),
        setHtml: (html: string) => {
          if (!quill) return;
          quill.setContents(quill.clipboard.convert({ html, text: '' }), 'api');
          (quill.getModule('history') as { clear(): void }).clear();
        },
        getText: () => quill?.getText() ?? '',
        getQuill: () => quill,
      }),
      [quill],
    );

    // A keystroke must not re-render the editor: state is set only when it changes, and 字数 is the footer's business.
    onSelection.current = useCallback(
      (range: QuillRange | null, source: EmitterSource) => {
        if (!quill || !range) return setBubble(null);
        if (painter && range.length > 0 && source === 'user') {
          paintFormats(quill, range, painter);
          setPainter(null);
        }
        // State only when it changes: a keystroke moves the caret but rarely the formats at it.
        const next = quill.getFormat(range);
        setFormats((current) => (sameFormats(current, next) ? current : next));
        const bounds = range.length > 0 ? quill.getBounds(range) : null;
        const top = (quill.container as HTMLElement).offsetTop;
        const position = bounds ? { top: top + bounds.top - 8, left: Math.max(0, bounds.left) } : null;
        setBubble((current) => (current?.top === position?.top && current?.left === position?.left ? current : position));
      },
      [quill, painter],
    );

    const togglePainter = () => {
      if (!quill) return;
      if (painter) return setPainter(null);
      const range = quill.getSelection(true);
      setPainter(pickFormats(quill, range));
      void message.info('格式刷已选取格式，请选择要应用的文字');
    };

    // The AI helpers work on the selection (or the whole body); the panel streams the answer and the
    // article changes only when the creator chooses to replace or insert it.
    const [ai, setAi] = useState<{ action: AiAction; text: string; index: number; length: number; key: number } | null>(null);
    const askAi = (action: AiAction) => {
      if (!quill) return;
      const range = quill.getSelection(true);
      const text = range.length > 0 ? quill.getText(range.index, range.length) : quill.getText();
      setAi({ action, text, index: range.index, length: range.length, key: Date.now() });
    };
    const replaceSelection = (answer: string) => {
      if (!quill || !ai) return;
      quill.deleteText(ai.index, ai.length, 'user');
      quill.insertText(ai.index, answer, 'user');
    };
    const insertBelow = (answer: string) => {
      if (!quill || !ai) return;
      const end = ai.length > 0 ? ai.index + ai.length : quill.getLength() - 1;
      const [line, offset] = quill.getLine(end);
      const lineEnd = line ? end - offset + line.length() - 1 : end;
      quill.insertText(lineEnd, `\n${answer}`, 'user');
    };

    /** One audio per article, wherever an audio comes from: true, having said so, when the body has one. */
    const refusedSecondAudio = (chosen: MediaKind): boolean => {
      const refusal = chosen === 'audio' && quill ? secondAudioRefusal(quill) : null;
      if (refusal) void message.warning(refusal);
      return refusal !== null;
    };

    const insertMaterial = ([material]: Material[]) => {
      const chosen = media;
      setMedia(null);
      if (!quill || !material || !chosen || refusedSecondAudio(chosen)) return;
      if (chosen === 'image') insertEmbed(quill, 'image', material.cm_url);
      else if (chosen === 'video') insertEmbed(quill, 'video', { src: material.cm_url, ...(material.cm_icon_url ? { poster: material.cm_icon_url } : {}) });
      else insertEmbed(quill, 'audio', { src: material.cm_url });
      void recordMaterialUse(material.cm_id, kind);
    };

    const openMedia = (chosen: MediaKind) => {
      if (refusedSecondAudio(chosen)) return;
      setMedia(chosen);
    };

    const openUpload = (chosen: MediaKind) => {
      const input = fileInput.current;
      if (!quill || !input || refusedSecondAudio(chosen)) return;
      // Where the caret is now: choosing a file takes the focus away.
      pendingUpload.current = { kind: chosen, index: (quill.getSelection(true) ?? { index: quill.getLength() - 1 }).index };
      input.accept = UPLOAD_ACCEPT[chosen];
      input.multiple = chosen === 'image';
      input.value = '';
      input.click();
    };

    const uploadChosen = (files: FileList | null) => {
      const pending = pendingUpload.current;
      pendingUpload.current = null;
      if (!pending || !files?.length) return;
      mediaUploads.upload(pending.kind, Array.from(files), pending.index);
    };

    // The toolbar is memoised: its actions stay the same object (they call this render's handlers).
    const handlers = useRef({ openUpload, openMedia, askAi, togglePainter });
    handlers.current = { openUpload, openMedia, askAi, togglePainter };
    const painterActive = painter !== null;
    const actions = useMemo<ToolbarActions>(
      () => ({
        onUpload: (chosen) => handlers.current.openUpload(chosen),
        onMedia: (chosen) => handlers.current.openMedia(chosen),
        onLink: setLink,
        onSearchReplace: () => setSearching(true),
        onEmbed: () => setEmbedding(true),
        onAi: (action) => handlers.current.askAi(action),
        painterActive,
        onPainter: () => handlers.current.togglePainter(),
      }),
      [painterActive],
    );
    const onSelectionAi = useCallback((action: AiAction) => handlers.current.askAi(action), []);

    return (
      <div className={styles.editor} ref={wrapper} data-testid="rich-editor">
        <EditorToolbar quill={quill} formats={formats} actions={actions} />
        {quill && bubble && <SelectionToolbar quill={quill} position={bubble} onAi={onSelectionAi} />}
        <div className="quill" ref={host} />
        <input
          ref={fileInput}
          type="file"
          hidden
          style={{ display: 'none' }}
          data-testid="editor-file-input"
          aria-label="选择要上传的文件"
          onChange={(event) => uploadChosen(event.target.files)}
        />
        <WordCount quill={quill} className={styles.footer} />
        <MaterialPicker
          open={media !== null}
          type={media === 'image' ? 2 : 3}
          title={media === 'audio' ? '从素材库选择音频' : undefined}
          accept={media === 'audio' ? (m) => isAudioUrl(m.cm_url) : media === 'video' ? (m) => !isAudioUrl(m.cm_url) : undefined}
          onPick={insertMaterial}
          onCancel={() => setMedia(null)}
        />
        <LinkDialog
          kind={link}
          onCancel={() => setLink(null)}
          onSubmit={(text, href) => {
            setLink(null);
            if (quill) insertLink(quill, text, href);
          }}
        />
        <SearchReplaceDialog quill={quill} open={searching} onClose={() => setSearching(false)} />
        <EmbedDialog
          open={embedding}
          onCancel={() => setEmbedding(false)}
          onInsert={(data) => {
            setEmbedding(false);
            if (quill) insertEmbed(quill, 'embed', { src: data.embed, width: data.width, height: data.height });
          }}
        />
        {ai && (
          <AiPanel
            key={ai.key}
            action={ai.action}
            text={ai.text}
            hasSelection={ai.length > 0}
            onClose={() => setAi(null)}
            onReplace={replaceSelection}
            onInsertBelow={insertBelow}
          />
        )}
      </div>
    );
  }),
);
