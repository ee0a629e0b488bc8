/**
 * `shared-sdk/html`: rendering stored HTML in the browser. A subpath of its own so that DOMPurify
 * loads only with the screens that show a body (drafts, manuscripts, the editor's preview, help).
 * The policy it enforces is `shared-sdk/html/policy`, which the server imports without DOMPurify.
 */
export { sanitizeHelpHtml, sanitizeHtml } from './sanitize-html';
