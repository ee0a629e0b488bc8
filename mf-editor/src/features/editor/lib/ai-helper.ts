/**
 * The AI writing helpers (spec §2: expand, polish, tone, openAi). The editor wires every button and
 * selection action to `runAiHelper`; the provider that answers them belongs to the editor-media work
 * and registers itself with `setAiProvider`. Until one is registered the creator is told so plainly,
 * and nothing is invented in their text.
 */
export type AiAction = 'expand' | 'polish' | 'tone' | 'openAi';

export const AI_ACTION_LABELS: Readonly<Record<AiAction, string>> = {
  expand: '扩写',
  polish: '润色',
  tone: '改写语气',
  openAi: 'AI 助手',
};

export const AI_NOT_CONFIGURED = 'AI 助手尚未配置，暂时无法使用';

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
