import type Quill from 'quill';

const INLINE = ['bold', 'italic', 'color', 'background', 'size', 'link'] as const;
const BLOCK = ['align', 'indent2em'] as const;

export type PaintedFormats = Record<string, unknown>;

/** What the format painter picks up from the selection. */
export function pickFormats(quill: Quill, range: { index: number; length: number }): PaintedFormats {
  const formats = quill.getFormat(range);
  return Object.fromEntries([...INLINE, ...BLOCK].filter((name) => name !== 'link').map((name) => [name, formats[name] ?? false]));
}

/** Paints the picked formats onto a range: its own inline and paragraph formats are replaced. */
export function paintFormats(quill: Quill, range: { index: number; length: number }, formats: PaintedFormats): void {
  const inline = Object.fromEntries(INLINE.filter((name) => name !== 'link').map((name) => [name, formats[name] ?? false]));
  const block = Object.fromEntries(BLOCK.map((name) => [name, formats[name] ?? false]));
  quill.formatText(range.index, range.length, inline, 'user');
  quill.formatLine(range.index, range.length, block, 'user');
}
