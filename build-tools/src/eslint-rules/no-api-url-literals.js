// Browser code names a call by its contract declaration, never by a restated URL: a string or
// template literal starting with '/api/' is refused outside shared-sdk's contract (where the
// declarations and their browser refs, contract/calls.ts, live). Other URLs (remote manifests,
// /oss/ objects, storage endpoints) are not API calls and pass.

export const MESSAGE =
  "Name the call by its contract declaration instead of writing its URL: import the feature from 'shared-sdk/contract/calls' and use callApi(route, request) for a promise or routeQuery / routeEndpoint(route, …) in an RTK Query endpoint (method, request and answer come with it). A call the contract lacks is declared in its feature's shared-sdk/src/contract/<feature>/schemas.ts first.";

const isApiUrl = (/** @type {unknown} */ text) => typeof text === 'string' && text.startsWith('/api/');

/** @type {import('eslint').Rule.RuleModule} */
export const noApiUrlLiterals = {
  meta: { type: 'problem', docs: { description: "forbid '/api/…' URL literals outside shared-sdk's contract" }, schema: [], messages: { literal: MESSAGE } },
  create(context) {
    return {
      Literal(node) {
        if (isApiUrl(node.value)) context.report({ node, messageId: 'literal' });
      },
      TemplateLiteral(node) {
        if (isApiUrl(node.quasis[0]?.value.cooked)) context.report({ node, messageId: 'literal' });
      },
    };
  },
};

export default { rules: { 'no-api-url-literals': noApiUrlLiterals } };
