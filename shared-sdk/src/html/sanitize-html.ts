import DOMPurify from 'dompurify';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  cleanAttributes,
  DROP_WITH_CONTENT,
  FORCED_ATTRIBUTES,
  HELP_POLICY,
  keptAttribute,
  RENAMED_TAGS,
  withoutControlCharacters,
} from './policy';

export { filterStyle, isEmbedPlayer } from './policy';

type Purifier = ReturnType<typeof DOMPurify>;

/** The element's name as the policy knows it (a heading or div is judged as the paragraph it becomes). */
const policyTag = (node: Node): string => {
  const tag = node.nodeName.toLowerCase();
  return RENAMED_TAGS[tag] ?? tag;
};

let purifier: Purifier | null = null;

/**
 * The browser's layer of the one allow-list (./policy.ts), which the server enforces on save too
 * (api-server/src/lib/html-sanitizer.ts): DOMPurify does the parsing and its own checks, the hooks
 * apply the policy's per-element rules. An instance of our own, so the hooks never reach another
 * DOMPurify user in the page.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeElement', (node) => {
    // Media the policy drops whole (no usable source, an iframe with srcdoc), judged on its original attributes.
    if (node.nodeType !== 1) return;
    const attributes = Object.fromEntries(Array.from((node as Element).attributes, (attribute) => [attribute.name, attribute.value]));
    if (ALLOWED_TAGS.includes(policyTag(node)) && cleanAttributes(policyTag(node), attributes) === null) (node as Element).remove();
  });
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const kept = keptAttribute(policyTag(node), data.attrName, data.attrValue);
    if (kept === null) data.keepAttr = false;
    else data.attrValue = kept;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    for (const [name, value] of Object.entries(FORCED_ATTRIBUTES[policyTag(node)] ?? {})) (node as Element).setAttribute(name, value);
  });
  return purifier;
}

/**
 * A stored body is whatever an editor (or a paste into it) produced: nothing in it may run in our
 * page, and nothing may dress up as our own UI. It is held against the same policy as on save, so a
 * body the server kept renders unchanged, and anything the server would drop is dropped here too.
 */
export function sanitizeHtml(html: string): string {
  const body = getPurifier().sanitize(withoutControlCharacters(html), {
    ALLOWED_TAGS: [...ALLOWED_TAGS, ...Object.keys(RENAMED_TAGS)],
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...DROP_WITH_CONTENT],
    RETURN_DOM: true,
  }) as HTMLElement;
  // Headings and divs become paragraphs, their (already filtered) attributes kept.
  for (const node of Array.from(body.querySelectorAll(Object.keys(RENAMED_TAGS).join(',')))) {
    const paragraph = node.ownerDocument.createElement(policyTag(node));
    for (const attribute of Array.from(node.attributes)) paragraph.setAttribute(attribute.name, attribute.value);
    paragraph.append(...Array.from(node.childNodes));
    node.replaceWith(paragraph);
  }
  return body.innerHTML;
}

let helpPurifier: Purifier | null = null;

/** A help link: http(s), a path of the product or a fragment; never javascript:, data: or //host. */
const HELP_LINK = /^(https?:|\/(?!\/)|#)/i;

/** A help article (HELP_POLICY: the server renders them from Markdown with the same list); links inside the product stay. */
export function sanitizeHelpHtml(html: string): string {
  if (!helpPurifier) {
    helpPurifier = DOMPurify(window);
    helpPurifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'href' && !HELP_LINK.test(data.attrValue)) data.keepAttr = false;
    });
  }
  return helpPurifier.sanitize(html, {
    ALLOWED_TAGS: [...HELP_POLICY.tags],
    ALLOWED_ATTR: [...new Set(Object.values(HELP_POLICY.attributes).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
