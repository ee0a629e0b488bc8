/**
 * The server's layer of the one allow-list for stored HTML (docs/architecture.md, Server: every HTML
 * is sanitized on save). The policy itself — tags, attributes per tag, style rules, URL rules, the
 * embed rule, the iframe sandbox — is shared-sdk/src/html/policy.ts; the screens enforce the same
 * policy again when rendering (shared-sdk/src/html/sanitize-html.ts, DOMPurify), and both layers run
 * the same table of cases (shared-sdk/src/html/policy-cases.ts). Here it is turned into sanitize-html
 * options. Everything the editor can produce passes unchanged; anything else is dropped: unknown tags
 * (their text kept, except script/style-like ones), unknown attributes, event handlers, URLs that are
 * not http(s) or our own storage's /oss/ paths (or tel: for links), styles outside the editor's
 * formats, iframes that are not known video players. Headings and divs become paragraphs
 * (docs/product.md §5, pasted content).
 */
import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  cleanAttributes,
  DROP_WITH_CONTENT,
  DROP_WITHOUT_SRC,
  EMPTY_ATTRIBUTES,
  RENAMED_TAGS,
  withoutControlCharacters,
} from 'shared-sdk/html/policy';

/** sanitize-html's own option that its type definitions have not caught up with. */
interface Options extends IOptions {
  allowedEmptyAttributes: string[];
}

const OPTIONS: Options = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  // URLs, styles and classes are checked by the policy (cleanAttributes); these are a second net.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'tel'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  allowedEmptyAttributes: [...EMPTY_ATTRIBUTES],
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROP_WITH_CONTENT],
  nestingLimit: 40,
  transformTags: {
    '*': (tagName: string, attribs: Attributes) => {
      const tag = RENAMED_TAGS[tagName] ?? tagName;
      // An element the policy drops whole loses its src, and exclusiveFilter takes it out.
      return { tagName: tag, attribs: cleanAttributes(tag, attribs) ?? {} };
    },
  },
  exclusiveFilter: (frame) => DROP_WITHOUT_SRC.includes(frame.tag) && !frame.attribs.src,
};

/**
 * The allow-listed form of `html`. Idempotent: sanitizing its own output changes nothing. NUL and
 * other control characters are removed first (they split tokens differently across parsers), lone
 * surrogates replaced.
 */
export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(withoutControlCharacters(html), OPTIONS)
    .replace(/ \/>/g, '>')
    .replace(/\u00a0/g, '&nbsp;');
}
