/**
 * The AI writing helpers' actions, tones and limits, plain values that contract/ai/index.ts exports and
 * ai/schemas.ts builds on. The schemas take them from here rather than from the contract module,
 * which imports the schemas' types, so the imports point one way (docs/style.md rule 12).
 */

export const AI_ACTIONS = ['expand', 'polish', 'tone', 'openAi'] as const;
export type AiAction = (typeof AI_ACTIONS)[number];

export const AI_TONES = ['正式', '轻松', '亲切', '严谨', '生动'] as const;
export type AiTone = (typeof AI_TONES)[number];

export const AI_LIMITS = {
  /** Characters of selected text sent to the provider. */
  TEXT_MAX: 5000,
  /** Characters of a free instruction (openAi). */
  PROMPT_MAX: 500,
} as const;
