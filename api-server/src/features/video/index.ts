/**
 * The embedded video service (docs/product.md §7 `/api/upload/vod/*`): see README.md beside this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { uploads as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { answerOf, commitVideo, jobOf } from './jobs';
import { startWorker } from './worker';

const video: FastifyPluginAsync = async (app) => {
  serve(app, contract.videoCommit, async (request) => {
    const { user } = requireAuth(request);
    return ok(answerOf(app.storage, await commitVideo(app.db, app.storage, user.id, request.body.key)));
  });

  serve(app, contract.videoStatus, async (request) => {
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
