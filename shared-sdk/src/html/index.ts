/**
 * `shared-sdk/html`: rendering stored HTML in the browser. A subpath of its own so that DOMPurify
 * loads only with the screens that show a body (drafts, manuscripts, the editor's preview).
 */
export { sanitizeHtml } from './sanitize-html';
