/**
 * A write load: `concurrency` creators' drafts saved in a loop through nginx, each with a title of
 * its own, so the database can be asked afterwards whether every acknowledged save is there.
 */
import { EditorKind, SaveType, emptyDocument, toArticleAddRequest } from 'shared-sdk/contract';
import { call } from './client';

export interface Outcome {
  title: string;
  startedAt: number;
  endedAt: number;
  /** HTTP 200 with code 0: the server said the draft is saved. */
  acknowledged: boolean;
  status: number;
  error?: string;
}

export function draftFields(title: string): Record<string, string | number> {
  const doc = { ...emptyDocument(EditorKind.ARTICLE), title, content: '<p>负载测试的正文</p>', covers: ['https://img.example.com/cover.png'], summary: '摘要' };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(toArticleAddRequest(doc, { save_type: SaveType.DRAFT })))
    if (value !== undefined) fields[key] = value as string | number;
  return fields;
}

/** Runs until `stop()`; resolves with every request's outcome. */
export function writeLoad(base: string, token: string, label: string, concurrency: number): { stop: () => Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const title = `${label}-${n++}`;
      const startedAt = Date.now();
      try {
        const answer = await call(base, { method: 'POST', path: '/api/article/add', token, params: draftFields(title) });
        outcomes.push({
          title,
          startedAt,
          endedAt: Date.now(),
          acknowledged: answer.status === 200 && answer.body?.code === 0,
          status: answer.status,
          error: answer.body?.code ? answer.body.msg : undefined,
        });
      } catch (error) {
        outcomes.push({ title, startedAt, endedAt: Date.now(), acknowledged: false, status: 0, error: String(error) });
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}
