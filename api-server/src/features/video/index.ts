/**
 * The embedded video service (spec §7 `/api/upload/vod/*`): see README.md beside this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { envelope, int, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { answerOf, commitVideo, jobOf } from './jobs';
import { startWorker } from './worker';

const resultSchema = objectOf({ Vid: str, url: str, PosterUri: str, videoUri: str, state: int, state_text: str, error: str, progress: { type: 'integer', minimum: 0, maximum: 100 } });
const keyBody = objectOf({ key: { type: 'string', minLength: 1, maxLength: 200 } });
const vidQuery = objectOf({ vid: { type: 'string', pattern: '^[0-9a-f]{32}$' } });

const video: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { key: string } }>('/api/upload/vod/commit', { schema: { body: keyBody, response: { 200: envelope(resultSchema) } } }, async (request) => {
    const { user } = requireAuth(request);
    return ok(answerOf(app.storage, await commitVideo(app.db, app.storage, user.id, request.body.key)));
  });

  app.get<{ Querystring: { vid: string } }>('/api/upload/vod/status', { schema: { querystring: vidQuery, response: { 200: envelope(resultSchema) } } }, async (request) => {
    const { user } = requireAuth(request);
    // Polled while the editor shows 转码中: never cached.
    return ok(answerOf(app.storage, await jobOf(app.db, user.id, request.query.vid)));
  });

  const interval = app.config.videoWorkerIntervalMs;
  if (interval > 0) {
    let worker: ReturnType<typeof startWorker> | null = null;
    app.addHook('onReady', async () => {
      worker = startWorker({ db: app.db, storage: app.storage, log: app.log }, interval);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
};

export default video;
