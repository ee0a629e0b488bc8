import type Quill from 'quill';
import { FIRST_LINE_INDENT } from './quill-setup';

export type Align = '' | 'center' | 'right' | 'justify';

/** The selection to act on: the live one, or where the caret was before a toolbar click took focus. */
export function currentRange(quill: Quill): { index: number; length: number } {
  return quill.getSelection(true) ?? { index: Math.max(0, quill.getLength() - 1), length: 0 };
}

/** Toggles an inline format on the selection (or on what is typed next at a caret). */
export function toggleInline(quill: Quill, name: 'bold' | 'italic'): void {
  const range = currentRange(quill);
  const active = Boolean(quill.getFormat(range)[name]);
  quill.format(name, !active, 'user');
}

export function setInline(quill: Quill, name: 'color' | 'background' | 'size', value: string | false): void {
  currentRange(quill);
  quill.format(name, value, 'user');
}

export function setAlign(quill: Quill, align: Align): void {
  currentRange(quill);
  quill.format('align', align || false, 'user');
}

/** First-line indent of 2em on the selected paragraphs; a second click takes it off. */
export function toggleFirstLineIndent(quill: Quill): void {
  const range = currentRange(quill);
  const active = quill.getFormat(range).indent2em === FIRST_LINE_INDENT;
  quill.formatLine(range.index, range.length, 'indent2em', active ? false : FIRST_LINE_INDENT, 'user');
}

export function clearFormat(quill: Quill): void {
  const range = currentRange(quill);
  if (range.length > 0) quill.removeFormat(range.index, range.length, 'user');
  else quill.formatLine(range.index, 0, { align: false, indent2em: false }, 'user');
}

/** Inserts an embed (rule, image, video, audio) at the caret and puts the caret after it. */
export function insertEmbed(quill: Quill, name: 'rule' | 'image' | 'video' | 'audio' | 'embed', value: unknown): void {
  const range = currentRange(quill);
  if (range.length > 0) quill.deleteText(range.index, range.length, 'user');
  quill.insertEmbed(range.index, name, value, 'user');
  quill.setSelection(range.index + 1, 0, 'user');
}

/** A topic is written #话题#: the placeholder word is selected so typing replaces it. */
export function insertTopic(quill: Quill): void {
  const range = currentRange(quill);
  const selected = range.length > 0 ? quill.getText(range.index, range.length).replace(/#/g, '').trim() : '';
  const word = selected || '话题';
  if (range.length > 0) quill.deleteText(range.index, range.length, 'user');
  quill.insertText(range.index, `#${word}#`, 'user');
  quill.setSelection(range.index + 1, word.length, 'user');
}

/** Links the selection, or inserts the text as a link at the caret. */
export function insertLink(quill: Quill, text: string, href: string): void {
  const range = currentRange(quill);
  if (range.length > 0) {
    quill.formatText(range.index, range.length, 'link', href, 'user');
    return;
  }
  quill.insertText(range.index, text || href, { link: href }, 'user');
  quill.setSelection(range.index + (text || href).length, 0, 'user');
}

export function undo(quill: Quill): void {
  (quill.getModule('history') as { undo(): void }).undo();
}

export function redo(quill: Quill): void {
  (quill.getModule('history') as { redo(): void }).redo();
}

/** What the counter shows: characters written, without line breaks and spaces. */
export function countCharacters(quill: Quill): number {
  return quill.getText().replace(/\s/g, '').length;
}
