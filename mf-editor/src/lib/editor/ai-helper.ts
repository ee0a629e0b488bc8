/**
 * The AI writing helpers (docs/product.md §2: expand, polish, tone, openAi): actions and labels come from the
 * contract's ai.ts. Every toolbar button and selection action opens the streaming panel of
 * components/media (AiPanel); the server says whether a provider is configured.
 */
export { AI_ACTION_LABELS, type AiAction } from 'shared-sdk/contract';
