import { AI_MESSAGES, type AiAction } from 'shared-sdk/contract';

/**
 * The AI writing helpers (spec §2: expand, polish, tone, openAi; actions and labels from the
 * contract's ai.ts). The editor wires every button and selection action to `runAiHelper`; the panel
 * that streams an answer belongs to the editor-media work and registers itself with
 * `setAiProvider`. Until one is registered the creator is told the helper is not configured, and
 * nothing is invented in their text.
 */
export { AI_ACTION_LABELS, type AiAction } from 'shared-sdk/contract';

export const AI_NOT_CONFIGURED = AI_MESSAGES.NOT_CONFIGURED;

export interface AiRequest {
  action: AiAction;
  /** The selected text, or the whole body when nothing is selected. */
  text: string;
}

export type AiProvider = (request: AiRequest) => Promise<string>;

let provider: AiProvider | null = null;

export function setAiProvider(next: AiProvider | null): void {
  provider = next;
}

export type AiOutcome = { ok: true; text: string } | { ok: false; message: string };

export async function runAiHelper(request: AiRequest): Promise<AiOutcome> {
  if (!provider) return { ok: false, message: AI_NOT_CONFIGURED };
  try {
    return { ok: true, text: await provider(request) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : '请求错误' };
  }
}
