/**
 * The editor's AI writing helpers (docs/product.md §2: expand, polish, tone, openAi). The server talks to an
 * OpenAI-compatible provider and streams its answer as it comes; the browser never sees the
 * provider's key.
 */
import { type Static, Type } from 'typebox';
import { AI_ACTIONS, AI_LIMITS, AI_TONES } from './values';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'ai';

export const aiStatus = defineRoute({
  method: 'GET',
  url: '/api/ai/status',
  operationId: 'aiStatus',
  summary: 'Whether an AI provider is configured (without one, the helpers answer 1030)',
  tag,
  data: Type.Object({ configured: Type.Boolean() }),
});

/** The JSON of each event of `/api/ai/write`'s stream. */
export const AiStreamEvent = Type.Union([
  Type.Object({ delta: Type.String() }, { description: 'the next piece of the text' }),
  Type.Object({ done: Type.Literal(true) }, { description: 'the last event of a whole answer' }),
  Type.Object({ msg: Type.String() }, { description: 'the data of an `event: error`: the provider broke off after the stream started' }),
]);
export type AiStreamEvent = Static<typeof AiStreamEvent>;

export const aiWrite = defineRoute({
  method: 'POST',
  url: '/api/ai/write',
  operationId: 'aiWrite',
  summary: 'Expand, polish or change the tone of the selected text, or write from an instruction; the text streams as it comes',
  description:
    'Answers `text/event-stream`: one `data: {"delta": "…"}` event per piece of text, then `data: {"done": true}`; ' +
    'a failure after the stream started is an `event: error` with `data: {"msg": "…"}`. ' +
    'A refusal before any text is the envelope, in this order: 1005 not real-name verified, 1030 no provider configured, ' +
    `1002 with the helper's own message (the text ${AI_LIMITS.TEXT_MAX} characters at most, required but for openAi; ` +
    `openAi's prompt ${AI_LIMITS.PROMPT_MAX} at most and required; tone's tone), ` +
    '1008 too many calls a minute, 1006 banned from both content and posts, 1031 the provider failed before any text.',
  tag,
  // The helper's rules (aiWriteProblem, with their own messages) are checked by the handler; these
  // bounds only keep absurd bodies out.
  body: Type.Object({
    action: OneOf(AI_ACTIONS),
    /** The selected text (expand, polish, tone: required; openAi: optional context). */
    text: Type.Optional(Type.String({ maxLength: 20_000, default: '' })),
    tone: Type.Optional(Type.String({ maxLength: 10, description: `tone only: ${AI_TONES.join(', ')}` })),
    prompt: Type.Optional(Type.String({ maxLength: 2_000, description: 'openAi only: what to write' })),
  }),
  events: AiStreamEvent,
});
