import type Quill from 'quill';

const EMBED = '\uFFFC';

/** The document as Quill indexes it: every embed counts as one character. */
function indexedText(quill: Quill): string {
  return quill
    .getContents()
    .ops.map((op) => (typeof op.insert === 'string' ? op.insert : EMBED))
    .join('');
}

/** Where `needle` occurs, as Quill indexes (non-overlapping, left to right). */
export function findAll(quill: Quill, needle: string): number[] {
  if (!needle) return [];
  const text = indexedText(quill);
  const found: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** Replaces every occurrence, keeping each one's formats; returns how many were replaced. */
export function replaceAll(quill: Quill, needle: string, replacement: string): number {
  const found = findAll(quill, needle);
  // From the end, so earlier indexes stay valid.
  for (const at of [...found].reverse()) {
    const formats = quill.getFormat(at, needle.length);
    quill.deleteText(at, needle.length, 'user');
    if (replacement) quill.insertText(at, replacement, formats, 'user');
  }
  return found.length;
}
