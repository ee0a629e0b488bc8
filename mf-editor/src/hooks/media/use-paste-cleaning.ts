/**
 * Pasting into the editor (docs/product.md §5): HTML from Word, WPS, a 公众号 page or any site is cleaned
 * first (cleanPastedHtml), and each external picture shows a fixed placeholder at once while it is
 * re-hosted onto our storage (rehostImage), then is swapped for the stored copy. A picture that
 * cannot be re-hosted keeps its own address and the creator is told why. Plain text is left to
 * Quill.
 */
import { useEffect } from 'react';
import type Quill from 'quill';
import { Delta, type Op } from 'quill';
import { isStorageUrl, randomId, rehostImage } from 'shared-sdk';
import { cleanPastedHtml } from '../../lib/media/paste-clean';

/** Shown while a pasted picture is being copied to our storage: the same in every environment. */
export const REHOSTING_PLACEHOLDER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="120"><rect width="100%" height="100%" fill="#f5f5f5"/><text x="50%" y="50%" font-size="20" fill="#999" text-anchor="middle" dominant-baseline="middle">图片转存中…</text></svg>',
  );

export function isOwnImageUrl(url: string): boolean {
  return isStorageUrl(url) || (typeof window !== 'undefined' && isStorageUrl(url.replace(window.location.origin, '')));
}

function imageOf(op: Op): string | null {
  const insert = op.insert as { image?: unknown } | string | undefined;
  return typeof insert === 'object' && insert && typeof insert.image === 'string' ? insert.image : null;
}

/** Replaces the picture whose address is `from` with `to`, wherever the creator has moved it since. */
export function swapImage(quill: Quill, from: string, to: string): void {
  let index = 0;
  for (const op of quill.getContents().ops) {
    if (imageOf(op) === from) {
      quill.updateContents(new Delta().retain(index).delete(1).insert({ image: to }, op.attributes), 'user');
      return;
    }
    index += typeof op.insert === 'string' ? op.insert.length : 1;
  }
}

export function pasteCleanHtml(quill: Quill, html: string, rehost: (url: string) => Promise<string>, warn: (text: string) => void): void {
  const { html: cleaned, externalImages } = cleanPastedHtml(html, isOwnImageUrl);
  const waiting = new Map(externalImages.map((url) => [url, `${REHOSTING_PLACEHOLDER}#${randomId()}`]));
  const ops = quill.clipboard.convert({ html: cleaned, text: '' }).ops.map((op) => {
    const image = imageOf(op);
    const placeholder = image ? waiting.get(image) : undefined;
    return placeholder ? { ...op, insert: { image: placeholder } } : op;
  });
  const range = quill.getSelection(true);
  const pasted = new Delta(ops);
  quill.updateContents(new Delta().retain(range.index).delete(range.length).concat(pasted), 'user');
  quill.setSelection(range.index + pasted.length(), 0, 'silent');
  for (const [original, placeholder] of waiting) {
    rehost(original).then(
      (stored) => swapImage(quill, placeholder, stored),
      (error: unknown) => {
        swapImage(quill, placeholder, original);
        warn(`图片转存失败：${error instanceof Error ? error.message : '请稍后重试'}`);
      },
    );
  }
}

export function usePasteCleaning(quill: Quill | null, warn: (text: string) => void, rehost: (url: string) => Promise<string> = rehostImage): void {
  useEffect(() => {
    if (!quill) return;
    const onPaste = (event: ClipboardEvent) => {
      const html = event.clipboardData?.getData('text/html');
      if (!html) return;
      // A copied picture (one <img> and its file): Quill hands the file to the editor's upload.
      const files = event.clipboardData?.files;
      if (files && files.length > 0 && /^\s*(<meta[^>]*>\s*)?<img\b[^>]*>\s*$/i.test(html.replace(/<!--[^]*?-->/g, ''))) return;
      // Ours instead of Quill's: the raw HTML must never reach the editor uncleaned.
      event.preventDefault();
      event.stopImmediatePropagation();
      pasteCleanHtml(quill, html, rehost, warn);
    };
    quill.root.addEventListener('paste', onPaste, true);
    return () => quill.root.removeEventListener('paste', onPaste, true);
  }, [quill, warn, rehost]);
}
