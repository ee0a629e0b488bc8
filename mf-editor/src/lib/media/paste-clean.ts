/**
 * Pasted content (docs/product.md §5), whether from Word, WPS, a 公众号 article or another web page, cleaned
 * before it reaches the editor: headings h1–h4 become paragraphs, empty paragraphs and divs go,
 * images get full width and automatic height, links lose their tracking parameters, and the
 * office/公众号 dressing (mso styles and classes, conditional comments, `<o:p>`, section wrappers,
 * lazy `data-src` images) comes out. It also lists the external images, which the editor re-hosts.
 * Parsing happens in an inert document: nothing pasted runs here.
 */

/** Query parameters that only track who shared or clicked. */
const TRACKING =
  /^(utm_\w+|spm|spm_id_from|from|from_source|share_\w+|sharer_\w+|vd_source|scene|srcid|chksm|mpshare|clicktime|enterid|ascene|devicetype|version|nettype|lang|fbclid|gclid|yclid|mc_cid|mc_eid|_hsenc|_hsmi|timestamp|seid|unique_k|is_from_webapp|sender_device|isappinstalled)$/i;

const DROP = 'script, style, meta, link, title, xml, template, noscript, object, embed, form, input, button, textarea, select, o\\:p, w\\:sdt';
const UNWRAP = new Set(['SECTION', 'FONT', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'CENTER', 'SPAN']);
const MEDIA = 'img, video, audio, iframe, hr';
const BLOCKS = 'p, div, ul, ol, table, blockquote, pre, h5, h6';

export interface CleanedPaste {
  html: string;
  /** http(s) images not on our own storage: shown with a placeholder, then re-hosted. */
  externalImages: string[];
}

export function stripTracking(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return href;
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  // 公众号 and others put tracking after a '#rd'/'#wechat_redirect' too.
  if (/^#(rd|wechat_redirect)$/.test(url.hash)) url.hash = '';
  return url.href;
}

function unwrap(element: Element): void {
  element.replaceWith(...Array.from(element.childNodes));
}

function rename(element: Element, tag: string): Element {
  const replacement = element.ownerDocument.createElement(tag);
  for (const attribute of Array.from(element.attributes)) if (attribute.name === 'style') replacement.setAttribute('style', attribute.value);
  replacement.append(...Array.from(element.childNodes));
  element.replaceWith(replacement);
  return replacement;
}

/** Keeps the declarations Quill understands; drops mso-*, fonts, sizes in pt, margins and the rest. */
function cleanStyle(element: Element): void {
  const kept = (element.getAttribute('style') ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter((d) => /^(color|background-color|text-align)\s*:/i.test(d) && !/expression|url\(/i.test(d));
  if (kept.length) element.setAttribute('style', kept.join('; '));
  else element.removeAttribute('style');
}

function isEmptyBlock(element: Element): boolean {
  return !element.querySelector(MEDIA) && (element.textContent ?? '').replace(/[\s\u00a0\u200b]/g, '') === '';
}

function removeComments(root: Node): void {
  const walker = root.ownerDocument!.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

export function cleanPastedHtml(html: string, isOwnUrl: (url: string) => boolean): CleanedPaste {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  removeComments(body);
  body.querySelectorAll(DROP).forEach((element) => element.remove());
  // Namespaced office tags (<v:shape>, <st1:…>) keep only their text.
  Array.from(body.querySelectorAll('*'))
    .filter((element) => element.tagName.includes(':'))
    .forEach(unwrap);

  body.querySelectorAll('h1, h2, h3, h4').forEach((heading) => rename(heading, 'p'));

  const externalImages = new Set<string>();
  body.querySelectorAll('img').forEach((img) => {
    // 公众号 pages load their pictures lazily from data-src.
    const src = (img.getAttribute('data-src') || img.getAttribute('src') || '').trim();
    if (!/^https?:\/\//i.test(src) && !src.startsWith('/')) {
      img.remove(); // file:///C:/… from Word, data: URLs, nothing usable
      return;
    }
    for (const attribute of Array.from(img.attributes)) img.removeAttribute(attribute.name);
    img.setAttribute('src', src);
    img.setAttribute('style', 'width: 100%; height: auto');
    if (/^https?:\/\//i.test(src) && !isOwnUrl(src)) externalImages.add(src);
  });

  body.querySelectorAll('a').forEach((a) => {
    const href = a.getAttribute('href') ?? '';
    if (!/^(https?:|tel:)/i.test(href)) {
      unwrap(a);
      return;
    }
    for (const attribute of Array.from(a.attributes)) a.removeAttribute(attribute.name);
    a.setAttribute('href', stripTracking(href));
  });

  body.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      if (element.tagName === 'IMG' || element.tagName === 'A') continue;
      if (attribute.name === 'style') cleanStyle(element);
      else if (!['colspan', 'rowspan'].includes(attribute.name)) element.removeAttribute(attribute.name);
    }
  });
  Array.from(body.querySelectorAll('*'))
    .filter((element) => UNWRAP.has(element.tagName) && !element.getAttribute('style'))
    .forEach(unwrap);

  // A div that wraps blocks (Word's WordSection1) is only a wrapper; one holding text is a paragraph.
  Array.from(body.querySelectorAll('div'))
    .reverse()
    .forEach((div) => {
      if (div.querySelector(BLOCKS)) unwrap(div);
      else if (!isEmptyBlock(div)) rename(div, 'p');
    });

  // Innermost first, so a div holding only empty paragraphs goes too.
  Array.from(body.querySelectorAll('p, div'))
    .reverse()
    .forEach((block) => {
      if (isEmptyBlock(block)) block.remove();
    });

  // Indentation between blocks is not content.
  Array.from(body.childNodes)
    .filter((node) => node.nodeType === 3 && !(node.textContent ?? '').trim())
    .forEach((node) => node.remove());
  return { html: body.innerHTML.trim(), externalImages: [...externalImages] };
}
