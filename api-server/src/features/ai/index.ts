/**
 * The editor's AI writing helpers (contract: shared-sdk/src/contract/ai/schemas.ts). See README.md beside this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AI_MESSAGES, AiCode, ApiCode, BanRange, ok, aiWriteProblem } from 'shared-sdk/contract';
import { ai as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { eventStream, serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { chatMessages } from './prompts';
import { type AiProviderConfig, streamChat } from './provider';

/** The whole answer must arrive within this; a stalled provider must not hold a connection for ever. */
export const AI_TIMEOUT_MS = 120_000;

const ai: FastifyPluginAsync = async (app) => {
  const { aiBaseUrl, aiApiKey, aiModel, aiPerMinute } = app.config;
  const provider: AiProviderConfig | null = aiBaseUrl && aiApiKey && aiModel ? { baseUrl: aiBaseUrl, apiKey: aiApiKey, model: aiModel } : null;
  const allow = app.perUserLimiter('ai-write', aiPerMinute);

  serve(app, contract.aiStatus, async (request) => {
    requireAuth(request);
    return ok({ configured: provider !== null });
  });

  serve(app, contract.aiWrite, async (request, reply) => {
    const { user } = requireAuth(request);
    // The helpers write for the editor, so they are open to whoever may create something: real-name
    // verified (1005), and not banned from both content and posts (1006, the content ban's reason).
    // The refusals that cost nothing come first (the session's flag, the configuration, the
    // parameters, the per-user limiter); the ban, a database query, last (docs/product.md orders none of them).
    requireCert(user);
    if (!provider) throw new ApiError(AiCode.NOT_CONFIGURED, AI_MESSAGES.NOT_CONFIGURED);
    const params = request.body;
    const problem = aiWriteProblem(params);
    if (problem) throw new ApiError(ApiCode.INVALID_PARAMS, problem);
    // Each call costs the operator money at the provider; a banned user's calls count too, so
    // hammering the route never reaches the database more than the limit allows.
    if (!(await allow(user.id))) throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, AI_MESSAGES.TOO_MANY);
    await requireNotBanned(app.db, user.id, BanRange.CONTENT, BanRange.POST);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), AI_TIMEOUT_MS);
    // The creator pressed cancel (or closed the tab): stop paying for an answer nobody reads.
    reply.raw.on('close', () => controller.abort());
    const pieces = streamChat(provider, chatMessages(params), controller.signal);
    let first: IteratorResult<string>;
    try {
      // The first piece before answering: a provider that fails at once is still a JSON refusal.
      first = await pieces.next();
    } catch (error) {
      clearTimeout(timer);
      request.log.warn({ err: error, userId: user.id, action: params.action }, 'AI provider failed');
      throw new ApiError(AiCode.PROVIDER_FAILED, AI_MESSAGES.PROVIDER_FAILED);
    }

    const out = eventStream(contract.aiWrite);
    void (async () => {
      try {
        if (!first.done) out.send({ delta: first.value });
        for await (const piece of pieces) out.send({ delta: piece });
        out.send({ done: true });
      } catch (error) {
        if (!controller.signal.aborted || !reply.raw.destroyed) {
          request.log.warn({ err: error, userId: user.id, action: params.action }, 'AI stream broke off');
          out.send({ msg: AI_MESSAGES.PROVIDER_FAILED }, 'error');
        }
      } finally {
        clearTimeout(timer);
        out.end();
      }
    })();
    return out;
  });
};

export default ai;
