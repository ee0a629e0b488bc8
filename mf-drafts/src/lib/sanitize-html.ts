import DOMPurify from 'dompurify';

/**
 * A stored body is whatever an editor (or a paste into it) produced: nothing in it may run in our
 * page. DOMPurify drops script, event handlers and javascript: URLs; forms, frames and styles that
 * could dress up as our own UI go too.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
