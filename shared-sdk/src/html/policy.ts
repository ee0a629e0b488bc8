/**
 * `shared-sdk/html/policy`: the ONE allow-list for stored HTML (an editor body). Two layers enforce
 * it: the server on save (api-server/src/lib/html-sanitizer.ts, sanitize-html) and the screens on
 * render (./sanitize-html.ts, DOMPurify). Both derive their options from this module, so they keep
 * and drop the same things; policy-cases.ts is the table both layers' tests run.
 *
 * Pure data and string functions: no DOM, no sanitizer library, so either side imports it without
 * pulling in the other's. Each rule is what the editor writes (mf-editor's quill-setup.ts formats and
 * paste cleaning, docs/product.md §5 and §9), nothing more: a body saved and rendered stays unchanged.
 */
// By the package's name, not '../contract': a remote that bundles this module then takes the page's
// one shared contract instead of bundling a copy.
import { EDITOR_LIMITS, EMBED_HOSTS, IFRAME_SANDBOX, isStorageUrl } from 'shared-sdk/contract';

export { IFRAME_SANDBOX };

/** Elements kept (with their text); any other element goes, its text kept unless DROP_WITH_CONTENT. */
export const ALLOWED_TAGS: readonly string[] = [
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
];

/** Pasted headings and blocks become paragraphs (docs/product.md §5, pasted content), their attributes filtered like those of any other element. */
export const RENAMED_TAGS: Readonly<Record<string, string>> = { h1: 'p', h2: 'p', h3: 'p', h4: 'p', h5: 'p', h6: 'p', div: 'p' };

/** Elements that go with everything inside them (their text is not content, or could be markup). */
export const DROP_WITH_CONTENT: readonly string[] = [
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
];

/** Attributes kept per element ('*': on every element); event handlers, ids and data-* are never among them. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['style', 'class'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'preload'],
  audio: ['src', 'controls', 'preload'],
  source: ['src', 'type'],
  iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'sandbox'],
  li: ['data-list'],
};

export function isAllowedAttribute(tag: string, name: string): boolean {
  return (ALLOWED_ATTRIBUTES['*'] ?? []).includes(name) || (ALLOWED_ATTRIBUTES[tag] ?? []).includes(name);
}

/** The DOM serialises boolean attributes as `controls=""`: these may be empty, any other empty attribute goes. */
export const EMPTY_ATTRIBUTES: readonly string[] = ['alt', 'controls', 'allowfullscreen'];

/** Quill's class attributors (ql-align-*, ql-indent-*, ql-size-*, ql-video, ql-vid-<id> …): no other class token. */
export const CLASS_TOKEN = /^ql-[\w-]*$/;

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = /^(\d{1,4}(\.\d{1,2})?(px|%|em)|auto)$/;

/**
 * Each CSS property the editor writes and the values it may have. Colours: the swatches' hex (which
 * the DOM writes as rgb()), or a named colour, which a paste keeps (paste-clean.ts keeps `color`
 * declarations and Quill's colour attributor passes non-rgb values through). Sizes: exactly the
 * toolbar's (EDITOR_LIMITS.FONT_SIZES); indent: the first-line indent format's one value.
 */
export const STYLE_RULES: Readonly<Record<string, RegExp>> = {
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
 * kept, as `name: value;`. Each `;`-separated piece is matched whole, so comments, escapes, url() or
 * expression() never pass. '' when nothing is left (the attribute goes).
 */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  let allKept = true;
  for (const piece of style.split(';')) {
    if (!piece.trim()) continue;
    const match = /^\s*([a-z-]+)\s*:\s*([^]*?)\s*$/i.exec(piece);
    const name = (match?.[1] ?? '').toLowerCase();
    const rule = match ? STYLE_RULES[name] : undefined;
    if (match && rule?.test(match[2] ?? '')) kept.push(`${name}: ${match[2]};`);
    else allKept = false;
  }
  if (allKept) return kept.length ? style : '';
  return kept.join(' ');
}

/** The class tokens that may stay, space-separated; '' when none (the attribute goes). */
export function filterClass(value: string): string {
  return value
    .split(/\s+/)
    .filter((token) => token && CLASS_TOKEN.test(token))
    .join(' ');
}

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/]/i;
const TEL = /^tel:[+\d\-() ]{3,32}$/i;

/** src and poster: http(s) anywhere, or a file of our own storage on this origin (isStorageUrl). No data:, no relative, no //host. */
export function isMediaSource(value: string): boolean {
  const url = value.trim();
  return ABSOLUTE_HTTP.test(url) || isStorageUrl(url);
}

/** A link's href: http(s), or a phone number (tel:). */
export function isLinkTarget(value: string): boolean {
  const url = value.trim();
  return ABSOLUTE_HTTP.test(url) || TEL.test(url);
}

/**
 * An iframe's src: a player of a known video site (EMBED_HOSTS) over https, with no user:pass in
 * the address, and YouTube only through its /embed/ pages (its other pages are the whole site).
 */
export function isEmbedPlayer(src: string): boolean {
  try {
    const url = new URL(src.trim());
    if (url.protocol !== 'https:' || !EMBED_HOSTS.includes(url.hostname) || url.username || url.password) return false;
    return url.hostname !== 'www.youtube.com' || url.pathname.startsWith('/embed/');
  } catch {
    return false;
  }
}

/** The URL rule of each URL attribute; an attribute failing its rule goes. */
export const URL_RULES: Readonly<Record<string, (tag: string, value: string) => boolean>> = {
  src: (tag, value) => (tag === 'iframe' ? isEmbedPlayer(value) : isMediaSource(value)),
  poster: (_tag, value) => isMediaSource(value),
  href: (_tag, value) => isLinkTarget(value),
};

/** Media that is only an empty box without a usable source goes whole. An iframe with srcdoc goes too. */
export const DROP_WITHOUT_SRC: readonly string[] = ['img', 'iframe', 'source'];

/** Attributes every element of a kind carries whatever the input says (set after filtering). */
export const FORCED_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // A link opening a new tab must not hand the opener to the other page.
  a: { rel: 'noopener noreferrer' },
  // Whatever the stored body says, a player runs in our sandbox.
  iframe: { sandbox: IFRAME_SANDBOX },
};

/** Fixed values an attribute may have; any other value goes. */
export const ATTRIBUTE_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  a: { target: ['_blank'] },
};

/**
 * Removes NUL and other control characters (they split tokens differently across parsers) and
 * replaces lone surrogates (PostgreSQL's jsonb refuses their escapes; draft versions keep the HTML as
 * JSON). Both layers run it first.
 */
export function withoutControlCharacters(html: string): string {
  return (
    html
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}

/**
 * One attribute of an element held against the policy: the value to keep (possibly rewritten:
 * style and class are filtered), or null when it goes. Both layers call this for every attribute.
 */
export function keptAttribute(tag: string, name: string, value: string): string | null {
  if (!isAllowedAttribute(tag, name)) return null;
  if (value === '' && !EMPTY_ATTRIBUTES.includes(name)) return null;
  const rule = URL_RULES[name];
  if (rule && !rule(tag, value)) return null;
  const fixed = ATTRIBUTE_VALUES[tag]?.[name];
  if (fixed && !fixed.includes(value)) return null;
  if (name === 'style') return filterStyle(value) || null;
  if (name === 'class') return filterClass(value) || null;
  return value;
}

/**
 * The attributes of one element held against the policy, in their order, with the forced ones set:
 * null when the element goes whole (media without a usable source, an iframe with srcdoc).
 */
export function cleanAttributes(tag: string, attributes: Readonly<Record<string, string>>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const kept = keptAttribute(tag, name, value);
    if (kept !== null) out[name] = kept;
  }
  Object.assign(out, FORCED_ATTRIBUTES[tag]);
  if (DROP_WITHOUT_SRC.includes(tag) && (!out.src || attributes.srcdoc !== undefined)) return null;
  return out;
}

/**
 * Help articles (Markdown rendered on the server, api-server/src/features/help/library.ts) are a
 * different, fixed kind of HTML: headings, tables, code and links inside the product, no styles and
 * no media. Their own short list, also shared by the server and the screen that shows them.
 */
export const HELP_POLICY = {
  tags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
  ],
  attributes: { a: ['href', 'title'], th: ['align'], td: ['align'] } as Readonly<Record<string, readonly string[]>>,
} as const;
