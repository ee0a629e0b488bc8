/**
 * The server's allow-list for stored HTML (docs/architecture.md, Server: every HTML is sanitized on save).
 * Everything the editor can produce passes unchanged; anything else is dropped: unknown tags (their
 * text kept, except script/style-like ones), unknown attributes, event handlers, URLs that are not
 * http(s) or our own storage's /oss/ paths (or tel: for links), styles outside the editor's formats, iframes from hosts that are
 * not known video players. Headings and divs become paragraphs (docs/product.md §5, pasted content).
 * Screens sanitize again when rendering (shared-sdk's DOMPurify layer): two independent layers.
 */
import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';
import { EDITOR_LIMITS, EMBED_HOSTS, IFRAME_SANDBOX, isStorageUrl } from 'shared-sdk/contract';

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = /^(\d{1,4}(\.\d{1,2})?(px|%|em)|auto)$/;

/** Each CSS property the editor writes and the values it may have. */
const STYLE_RULES: Readonly<Record<string, RegExp>> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': new RegExp(`^(${EDITOR_LIMITS.FONT_SIZES.join('|')})px$`),
  'text-align': /^(left|right|center|justify)$/,
  'text-indent': /^2em$/,
  // Images and players pasted or inserted at full width with automatic height (docs/product.md §5).
  width: LENGTH,
  height: LENGTH,
  'max-width': LENGTH,
};

/**
 * Keeps a style attribute only if every declaration is one of STYLE_RULES: then the original text
 * stays byte for byte (formats round-trip unchanged); otherwise only the allowed declarations are
 * kept. Each `;`-separated piece is matched whole, so comments, escapes, url() or expression()
 * never pass.
 */
export function filterStyle(style: string): string {
  const pieces = style.split(';');
  const kept: string[] = [];
  let allKept = true;
  for (const piece of pieces) {
    if (!piece.trim()) continue;
    const match = /^\s*([a-z-]+)\s*:\s*([^]*?)\s*$/i.exec(piece);
    const rule = match ? STYLE_RULES[(match[1] ?? '').toLowerCase()] : undefined;
    if (match && rule?.test(match[2] ?? '')) kept.push(`${(match[1] ?? '').toLowerCase()}: ${match[2]};`);
    else allKept = false;
  }
  if (allKept) return kept.length ? style : '';
  return kept.join(' ');
}

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]/i;

/** http(s) anywhere, or a file of our own storage on this origin (isStorageUrl of the contract). */
function mediaSource(value: string): boolean {
  const url = value.trim();
  return ABSOLUTE_HTTP.test(url) || isStorageUrl(url);
}

/** Embeds come over https from a known player; YouTube only through its /embed/ pages. */
function embedAllowed(src: string): boolean {
  try {
    const url = new URL(src.trim());
    if (url.protocol !== 'https:' || !EMBED_HOSTS.includes(url.hostname)) return false;
    return !url.hostname.endsWith('youtube.com') || url.pathname.startsWith('/embed/');
  } catch {
    return false;
  }
}

function cleanAttributes(tagName: string, attribs: Attributes): Attributes {
  const out: Attributes = { ...attribs };
  if (out.style !== undefined) {
    const style = filterStyle(out.style);
    if (style) out.style = style;
    else delete out.style;
  }
  for (const name of ['src', 'poster'] as const) {
    if (out[name] !== undefined && !mediaSource(out[name])) delete out[name];
  }
  if (tagName === 'a') {
    const href = (out.href ?? '').trim();
    if (!ABSOLUTE_HTTP.test(href) && !/^tel:[+\d\-() ]{3,32}$/i.test(href)) delete out.href;
    // A link opening a new tab must not hand the opener to the other page.
    out.rel = 'noopener noreferrer';
    if (out.target !== undefined && out.target !== '_blank') delete out.target;
  }
  if (tagName === 'iframe') {
    if (out.src !== undefined && !embedAllowed(out.src)) delete out.src;
    out.sandbox = IFRAME_SANDBOX;
  }
  return out;
}

/** sanitize-html's own option that its type definitions have not caught up with. */
interface Options extends IOptions {
  allowedEmptyAttributes: string[];
}

const OPTIONS: Options = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'hr',
    'a',
    'img',
    'video',
    'audio',
    'source',
    'iframe',
    'ol',
    'ul',
    'li',
    'blockquote',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    '*': ['style', 'class'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'preload'],
    audio: ['src', 'controls', 'preload'],
    source: ['src', 'type'],
    iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'sandbox'],
    li: ['data-list'],
  },
  // Quill's class attributors (ql-align-*, ql-indent-*, ql-size-*, ql-video, ql-topic …).
  allowedClasses: { '*': ['ql-*'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'tel'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  // The DOM serialises boolean attributes as controls="": keep that form so the editor's HTML round-trips.
  allowedEmptyAttributes: ['alt', 'controls', 'allowfullscreen'],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'plaintext',
    'math',
    'svg',
    'object',
    'embed',
  ],
  nestingLimit: 40,
  transformTags: {
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    div: 'p',
    '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }),
  },
  // Media without a usable source is an empty box: drop it.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img' || frame.tag === 'source') && !frame.attribs.src,
};

/**
 * The allow-listed form of `html`. Idempotent: sanitizing its own output changes nothing. NUL and
 * other control characters are removed first (they split tokens differently across parsers), lone
 * surrogates replaced.
 */
export function sanitizeEditorHtml(html: string): string {
  const cleaned = html
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    // Lone surrogates: PostgreSQL's jsonb refuses their escapes (draft versions keep the HTML as JSON).
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return sanitizeHtml(cleaned, OPTIONS)
    .replace(/ \/>/g, '>')
    .replace(/\u00a0/g, '&nbsp;');
}
