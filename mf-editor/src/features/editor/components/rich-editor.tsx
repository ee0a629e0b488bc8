import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { App } from 'antd';
import ReactQuill from 'react-quill-new';
import type Quill from 'quill';
import type { EmitterSource } from 'quill';
import 'quill/dist/quill.snow.css';
import type { Material } from 'shared-sdk';
import { MaterialPicker } from '../../materials/components/material-picker';
import { AiPanel } from '../../media/components/ai-panel';
import { EmbedDialog } from '../../media/components/embed-dialog';
import { usePasteCleaning } from '../../media/hooks/use-paste-cleaning';
import type { AiAction } from '../lib/ai-helper';
import { countCharacters, insertEmbed, insertLink } from '../lib/commands';
import { paintFormats, pickFormats, type PaintedFormats } from '../lib/format-painter';
import { canonicalHtml, EDITOR_FORMATS, EDITOR_PLACEHOLDER, keepFirstLineIndent, registerEditorFormats } from '../lib/quill-setup';
import { EditorToolbar, type LinkKind, type MediaKind } from './editor-toolbar';
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
}

const AUDIO_FILE = /\.(mp3|wav|ogg|mpeg)(\?|$)/i;
export const AUDIO_ONCE = '音频文件只能添加一个，请删除后再添加';
const MODULES = {
  toolbar: false,
  history: { delay: 800, maxStack: 200, userOnly: true },
  clipboard: { matchers: [[Node.ELEMENT_NODE, keepFirstLineIndent]] },
};

/** The shared rich-text editor of every writing screen (spec §2 "Rich-text editor"). */
export const RichEditor = memo(forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor({ defaultHtml = '', onChange }, ref) {
  const { message } = App.useApp();
  const reactQuill = useRef<ReactQuill>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [quill, setQuill] = useState<Quill | null>(null);
  const [formats, setFormats] = useState<Record<string, unknown>>({});
  const [count, setCount] = useState(0);
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

  useEffect(() => {
    const editor = reactQuill.current?.getEditor() ?? null;
    if (!editor) return;
    setQuill(editor);
    setCount(countCharacters(editor));
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => canonicalHtml(quill?.root.innerHTML ?? ''),
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

  const handleText = useCallback((_value: string, _delta: unknown, source: EmitterSource, editor: { getText(): string }) => {
    setCount(editor.getText().replace(/\s/g, '').length);
    onChangeRef.current?.(source);
  }, []);

  const handleSelection = useCallback(
    (range: { index: number; length: number } | null, source: EmitterSource) => {
      if (!quill || !range) return setBubble(null);
      if (painter && range.length > 0 && source === 'user') {
        paintFormats(quill, range, painter);
        setPainter(null);
      }
      setFormats(quill.getFormat(range));
      const bounds = range.length > 0 ? quill.getBounds(range) : null;
      const top = (quill.container as HTMLElement).offsetTop;
      setBubble(bounds ? { top: top + bounds.top - 8, left: Math.max(0, bounds.left) } : null);
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

  const insertMaterial = ([material]: Material[]) => {
    const kind = media;
    setMedia(null);
    if (!quill || !material || !kind) return;
    if (kind === 'image') insertEmbed(quill, 'image', material.cm_url);
    else if (kind === 'video') insertEmbed(quill, 'video', { src: material.cm_url, ...(material.cm_icon_url ? { poster: material.cm_icon_url } : {}) });
    else insertEmbed(quill, 'audio', { src: material.cm_url });
  };

  const openMedia = (kind: MediaKind) => {
    if (kind === 'audio' && quill?.root.querySelector('audio')) return void message.warning(AUDIO_ONCE);
    setMedia(kind);
  };

  return (
    <div className={styles.editor} ref={wrapper} data-testid="rich-editor">
      <EditorToolbar
        quill={quill}
        formats={formats}
        actions={{ onMedia: openMedia, onLink: setLink, onSearchReplace: () => setSearching(true), onEmbed: () => setEmbedding(true), onAi: askAi, painterActive: painter !== null, onPainter: togglePainter }}
      />
      {quill && bubble && <SelectionToolbar quill={quill} position={bubble} onAi={askAi} />}
      <ReactQuill
        ref={reactQuill}
        theme="snow"
        defaultValue={defaultHtml}
        modules={MODULES}
        formats={EDITOR_FORMATS}
        placeholder={EDITOR_PLACEHOLDER}
        useSemanticHTML={false}
        onChange={handleText}
        onChangeSelection={handleSelection}
      />
      <div className={styles.footer} aria-live="polite">
        字数：{count}
      </div>
      <MaterialPicker
        open={media !== null}
        type={media === 'image' ? 2 : 3}
        title={media === 'audio' ? '从素材库选择音频' : undefined}
        accept={media === 'audio' ? (m) => AUDIO_FILE.test(m.cm_url) : media === 'video' ? (m) => !AUDIO_FILE.test(m.cm_url) : undefined}
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
}));
