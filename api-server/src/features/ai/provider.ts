/**
 * An OpenAI-compatible chat-completions provider, streamed (`stream: true`): yields the text deltas
 * as they arrive. The key goes only into the Authorization header of this server's request.
 */
export interface AiProviderConfig {
  /** e.g. https://api.openai.com/v1 — the path `/chat/completions` is added. */
  baseUrl: string;
  apiKey: string;
  model: string;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

interface ChunkJson {
  choices?: Array<{ delta?: { content?: string | null } }>;
}

/** The provider's stream, parsed: only text pieces come out; `[DONE]` ends it. */
export async function* streamChat(
  config: AiProviderConfig,
  messages: ReadonlyArray<{ role: string; content: string }>,
  signal: AbortSignal,
): AsyncGenerator<string> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ model: config.model, stream: true, messages }),
      signal,
    });
  } catch (error) {
    throw new ProviderError(error instanceof Error ? error.message : 'provider unreachable');
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ProviderError(`provider answered ${response.status}`, response.status);
  }
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk as Uint8Array, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.startsWith('data:') ? line.slice(5).trim() : '';
      if (!data) continue;
      if (data === '[DONE]') return;
      let parsed: ChunkJson;
      try {
        parsed = JSON.parse(data) as ChunkJson;
      } catch {
        continue; // a keep-alive or a provider's own comment line
      }
      const piece = parsed.choices?.[0]?.delta?.content;
      if (piece) yield piece;
    }
  }
}
