/**
 * The editor's AI writing helpers (docs/product.md §2: expand, polish, tone, openAi). The server talks to an
 * OpenAI-compatible provider and streams its answer; the browser never sees the provider's key.
 *
 * The calls are in ai/schemas.ts (`POST /api/ai/write` answers `text/event-stream` on success, a
 * refusal before any text is the usual `{code, msg, data}` envelope); their types below come from there.
 */
import type * as ai from './schemas';
import type { EventOf, RequestOf } from '../core/route';
import { AI_LIMITS, AI_TONES, type AiAction, type AiTone } from './values';

export * from './values';

export const AI_ACTION_LABELS: Readonly<Record<AiAction, string>> = {
  expand: '扩写',
  polish: '润色',
  tone: '改写语气',
  openAi: 'AI 写作',
};

/** What `/api/ai/write` takes: the action, the selected text (openAi: optional context), `tone` (tone only), `prompt` (openAi only). */
export type AiWriteParams = RequestOf<typeof ai.aiWrite>;
/** One event of `/api/ai/write`'s stream: a piece of text, the end, or (`event: error`) why it broke off. */
export type AiStreamEvent = EventOf<typeof ai.aiWrite>;

/** Codes of the AI calls, beside the shared ones of envelope.ts. */
export const AiCode = {
  NOT_CONFIGURED: 1030,
  PROVIDER_FAILED: 1031,
} as const;

export const AI_MESSAGES = {
  NOT_CONFIGURED: 'AI 写作助手尚未配置，请联系管理员开通后再使用',
  PROVIDER_FAILED: 'AI 服务暂时不可用，请稍后重试',
  TOO_MANY: 'AI 写作请求过于频繁，请稍后再试',
  TEXT_REQUIRED: '请先选中需要处理的文字',
  TEXT_TOO_LONG: `选中的文字过长，最多 ${AI_LIMITS.TEXT_MAX} 字`,
  PROMPT_REQUIRED: '请输入写作要求',
  PROMPT_TOO_LONG: `写作要求最多 ${AI_LIMITS.PROMPT_MAX} 字`,
  TONE_REQUIRED: '请选择要改写成的语气',
} as const;

/** The first problem with a request, or null: the editor checks before sending, the server again. */
export function aiWriteProblem(params: AiWriteParams): string | null {
  const text = (params.text ?? '').trim();
  if (params.action === 'openAi') {
    const prompt = (params.prompt ?? '').trim();
    if (!prompt) return AI_MESSAGES.PROMPT_REQUIRED;
    if (prompt.length > AI_LIMITS.PROMPT_MAX) return AI_MESSAGES.PROMPT_TOO_LONG;
  } else if (!text) {
    return AI_MESSAGES.TEXT_REQUIRED;
  }
  if (text.length > AI_LIMITS.TEXT_MAX) return AI_MESSAGES.TEXT_TOO_LONG;
  if (params.action === 'tone' && !AI_TONES.includes(params.tone as AiTone)) return AI_MESSAGES.TONE_REQUIRED;
  return null;
}
