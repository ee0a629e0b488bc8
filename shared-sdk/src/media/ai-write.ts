/**
 * streamAiWrite: the editor's AI helpers (contract: contract/ai/schemas.ts, `aiWrite`). The answer streams in as
 * server-sent events; each piece reaches `onDelta` as it arrives, and the whole text resolves at the
 * end. Abort the signal to cancel (the server then stops asking the provider). Signed like every
 * call of the main host; errors are ApiErrors the caller shows itself (no central toast), except an
 * expired token, which the session handles as everywhere.
 */
import { AI_MESSAGES, AiCode, type AiStreamEvent, type AiWriteParams } from '../contract';
import { ApiError } from '../http/api-error';
import { toApiError, unwrapEnvelope } from '../http/classify';
import { hostInstances } from '../http/hosts';
import { reportFailure } from '../http/request';
import { sseReader } from './sse';
import { ai } from '../contract/calls';

export const AI_WRITE_PATH = ai.aiWrite.url;
export const AI_STATUS_PATH = ai.aiStatus.url;

export async function streamAiWrite(params: AiWriteParams, onDelta: (piece: string) => void, signal?: AbortSignal): Promise<string> {
  let text = '';
  let failed: string | null = null;
  const feed = sseReader((event) => {
    const data = JSON.parse(event.data) as AiStreamEvent;
    if (event.name === 'error') {
      failed = 'msg' in data ? data.msg : AI_MESSAGES.PROVIDER_FAILED;
      return;
    }
    if ('delta' in data && data.delta) {
      text += data.delta;
      onDelta(data.delta);
    }
  });
  try {
    const response = await hostInstances.main.request<string>({
      url: AI_WRITE_PATH,
      method: 'POST',
      data: { ...params },
      responseType: 'text',
      // The raw text: a refusal is JSON, an answer is an event stream.
      transformResponse: [(raw: unknown) => raw],
      signal,
      // Generous, but a provider that stalls must not leave the editor waiting for ever.
      timeout: 150_000,
      onDownloadProgress: (progress) => {
        const partial = (progress.event as { target?: { responseText?: string } } | undefined)?.target?.responseText;
        if (partial) feed(partial);
      },
    });
    const body = String(response.data ?? '');
    if (!String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      unwrapEnvelope<unknown>(JSON.parse(body || 'null'), response.status);
      throw new ApiError({ kind: 'business', code: AiCode.PROVIDER_FAILED, message: AI_MESSAGES.PROVIDER_FAILED });
    }
    feed(body);
    if (failed) throw new ApiError({ kind: 'business', code: AiCode.PROVIDER_FAILED, message: failed });
    return text;
  } catch (failure) {
    const error = toApiError(failure);
    reportFailure(error, { skipErrorHandler: true });
    throw error;
  }
}
