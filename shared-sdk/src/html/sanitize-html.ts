import DOMPurify from 'dompurify';
// By the package's name, not '../contract': a remote that bundles this module then takes the page's
// one shared contract instead of bundling a copy.
import { EMBED_HOSTS, IFRAME_SANDBOX } from 'shared-sdk/contract';

/**
 * The inline styles the editor writes (colours, font size, alignment, first-line indent), each with
 * the only value shapes it produces. Everything else in a style attribute goes: `position: fixed` or
 * a background URL could dress a body up as our own UI.
 */
const STYLE_RULES: Readonly<Record<string, RegExp>> = {
  color: /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i,
  'background-color': /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i,
  'font-size': /^\d{1,2}px$/,
  'text-align': /^(left|center|right|justify)$/,
  'text-indent': /^\d(\.\d+)?em$/,
  // Pictures and players at full width with automatic height (docs/product.md §5, pasted content).
  width: /^(\d{1,4}(\.\d{1,2})?(px|%|em)|auto)$/,
  height: /^(\d{1,4}(\.\d{1,2})?(px|%|em)|auto)$/,
  'max-width': /^(\d{1,4}(\.\d{1,2})?(px|%|em)|auto)$/,
};

/** A player of a known video site over https (the server keeps no other iframe either). */
export function isEmbedPlayer(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && EMBED_HOSTS.includes(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The allowed declarations of a style attribute, re-serialised; '' when none is left. */
export function filterStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      const rule = STYLE_RULES[name];
      return rule?.test(value) ? `${name}: ${value}` : null;
    })
    .filter((kept): kept is string => kept !== null)
    .join('; ');
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** An instance of our own, so the style hook never reaches another DOMPurify user in the page. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    const kept = filterStyle(data.attrValue);
    if (kept) data.attrValue = kept;
    else data.keepAttr = false;
  });
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'iframe') return;
    const frame = node as Element;
    if (!isEmbedPlayer(frame.getAttribute('src') ?? '') || frame.hasAttribute('srcdoc')) frame.remove();
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Whatever the stored body says, a player runs in our sandbox.
    if (node.nodeName === 'IFRAME') node.setAttribute('sandbox', IFRAME_SANDBOX);
  });
  return purifier;
}

/**
 * A stored body is whatever an editor (or a paste into it) produced: nothing in it may run in our
 * page. DOMPurify drops script, event handlers and javascript: URLs; forms, frames and styles that
 * could dress up as our own UI go too (only the editor's own inline styles stay, see STYLE_RULES).
 * The one frame kept is a video player of an allow-listed site, in our sandbox (media embeds).
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'object', 'embed'],
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allowfullscreen', 'frameborder', 'sandbox'],
  });
}
