/**
 * Collects the OpenAPI 3.1 document from the routes registered from the contract (only they carry a
 * tag; static files and operator routes stay out). What every call shares is described once here:
 * the signing scheme, the envelope and the answer codes. Served by features/docs, written to a file
 * by `scripts/openapi.ts`.
 */
import swagger from '@fastify/swagger';
import { ApiCode } from 'shared-sdk/contract';
import { globalPlugin } from '../../lib/global-plugin';

/** What each answer code means (`ApiCode` of shared-sdk/contract); a test keeps the two in step. */
export const ANSWER_CODES: Record<keyof typeof ApiCode, string> = {
  OK: 'success',
  TOKEN_EXPIRED: 'the token is missing, unknown, revoked or expired, or a forced-logout ban ended the session: log in again',
  BAD_SIGNATURE: 'signature refused (bad sign, timestamp outside the window, wrong app_id, bad nonce); msg names the check',
  INVALID_PARAMS: 'a parameter failed its schema; msg names the field and the rule (参数错误：page 不能大于 100000)',
  FORBIDDEN: 'not allowed for this user (a tool or authority not granted, a wrong current password…)',
  NOT_FOUND: "unknown call, or a record that does not exist or is not the caller's",
  CERT_REQUIRED: 'real-name verification required',
  BANNED: 'banned for this kind of content (or, at login, banned with a forced logout: msg carries the reason)',
  LOGIN_FAILED: 'phone or password wrong',
  TOO_MANY_ATTEMPTS: 'rate limited (HTTP 429), or too many login attempts',
  CONFLICT: "the record's state does not allow this (already submitted, a final state…)",
  REPLAYED: 'this nonce was already used: a replayed or duplicated request',
  SERVER_ERROR: 'unexpected server error (HTTP 500, no detail)',
};

const codeTable = Object.entries(ANSWER_CODES)
  .map(([name, meaning]) => `| ${ApiCode[name as keyof typeof ApiCode]} | \`${name}\` | ${meaning} |`)
  .join('\n');

const DESCRIPTION = `Every call of the creators' back-office, generated from the contract in \`shared-sdk/contract/schemas\`.

## Envelope
Every answer is HTTP 200 (except 404, 413, 429 and 500, which carry the same shape) with the body
\`{code, msg, data}\`: \`code\` 0 and the call's \`data\` on success; otherwise one of the codes below,
a Chinese \`msg\` meant for the user, and \`data: null\`. Each operation below documents the envelope
with its own \`data\`.

## Signing
Parameters are the query string of a GET; for a POST, the form (or JSON) body on top of the query
string. Each signed call adds \`timestamp\` (ms, within 5 minutes of the server's clock), \`app_id\`,
\`nonce\` (16–64 of \`[A-Za-z0-9_-]\`, accepted once per token) and \`sign\`:

    sign = md5(METHOD + "\\n" + path + "\\n" + name=value&… + secret)

over every parameter except \`sign\` and empty ones, sorted by name, names and values
percent-encoded (encodeURIComponent); lower-case hex. \`app_id\` and the secret are in
\`GET /api/runtime/config\` (\`appId\`, \`appSecret\`): the secret keeps stale and hand-made requests
out, it is not a credential. Calls that need a session add \`token\` (from login) to the parameters
before signing. \`computeSign\` in \`shared-sdk/contract\` is the reference implementation.

## Trying calls on this page
"Try it out" signs each call as the SDK does. Log in first with \`POST /login/admin/login\` (a demo
account that \`npm start\` prints, e.g. 13800000001): the page keeps its token for this tab and adds
it to every call (as the \`Authorization\` header for the newspaper host); \`POST /login/admin/quit\`
forgets it.

## Operator calls
The calls under \`/api/operator/\` are the operators' (the console at \`/console\` and the operator
command line): not signed, authenticated by an operator session cookie or a personal token
(\`Authorization: Bearer mfop_…\`), never by a creator's token. A missing or dead credential answers
-1 with HTTP 401, a role without the call's permission 1003 with HTTP 403. Roles: \`admin\`
(everything), \`moderator\` (review, appeals, bans, verification, tools, newspaper import),
\`viewer\` (reads only).

## Answer codes
| code | name | meaning |
|---|---|---|
${codeTable}
`;

export default globalPlugin(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Creator back-office API', version: '1.0.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          signature: {
            type: 'apiKey',
            in: 'query',
            name: 'sign',
            description: 'md5 signature with `timestamp`, `app_id` and `nonce` (see "Signing"); in the body for a POST',
          },
          token: { type: 'apiKey', in: 'query', name: 'token', description: 'the session token from login; signed with the other parameters' },
          operatorSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'mf_operator',
            description: "an operator's console session (set by POST /api/operator/session/totp); operator calls only, never signed",
          },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: "an operator's personal token (`mfop_…`, POST /api/operator/tokens/create), for the command line; operator calls only",
          },
        },
      },
    },
    hideUntagged: true,
  });
});
