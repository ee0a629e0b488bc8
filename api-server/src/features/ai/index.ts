/**
 * The editor's AI writing helpers (contract: shared-sdk/src/contract/ai.ts). See README.md beside this file.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { AI_ACTIONS, AI_MESSAGES, AiCode, type AiWriteParams, ApiCode, type AiTone, BanRange, ok, aiWriteProblem } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { bool, envelope, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { chatMessages } from './prompts';
import { type AiProviderConfig, streamChat } from './provider';

/** The whole answer must arrive within this; a stalled provider must not hold a connection for ever. */
export const AI_TIMEOUT_MS = 120_000;

const writeBody = objectOf(
  {
    action: { type: 'string', enum: [...AI_ACTIONS] },
    // Checked by aiWriteProblem (with its own message); this only keeps absurd bodies out.
    text: { type: 'string', maxLength: 20_000, default: '' },
    tone: { type: 'string', maxLength: 10 },
    prompt: { type: 'string', maxLength: 2_000 },
  },
  ['action'],
);

const sse = (event: object, name?: string): string => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(event)}\n\n`;

const ai: FastifyPluginAsync = async (app) => {
  const { aiBaseUrl, aiApiKey, aiModel, aiPerMinute } = app.config;
  const provider: AiProviderConfig | null = aiBaseUrl && aiApiKey && aiModel ? { baseUrl: aiBaseUrl, apiKey: aiApiKey, model: aiModel } : null;
  const allow = app.perUserLimiter('ai-write', aiPerMinute);

  app.get('/api/ai/status', { schema: { response: { 200: envelope(objectOf({ configured: bool })) } } }, async (request) => {
    requireAuth(request);
    return ok({ configured: provider !== null });
  });

  app.post<{ Body: { action: AiWriteParams['action']; text: string; tone?: string; prompt?: string } }>(
    '/api/ai/write',
    { schema: { body: writeBody } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      // The helpers write for the editor, so they are open to whoever may create something: real-name
      // verified (1005), and not banned from both content and posts (1006, the content ban's reason).
      // The refusals that cost nothing come first (the session's flag, the configuration, the
      // parameters, the per-user limiter); the ban, a database query, last (the spec orders none of them).
      requireCert(user);
      if (!provider) throw new ApiError(AiCode.NOT_CONFIGURED, AI_MESSAGES.NOT_CONFIGURED);
      const params: AiWriteParams = { action: request.body.action, text: request.body.text, tone: request.body.tone as AiTone | undefined, prompt: request.body.prompt };
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

      const out = new PassThrough();
      void (async () => {
        try {
          if (!first.done) out.write(sse({ delta: first.value }));
          for await (const piece of pieces) out.write(sse({ delta: piece }));
          out.write(sse({ done: true }));
        } catch (error) {
          if (!controller.signal.aborted || !reply.raw.destroyed) {
            request.log.warn({ err: error, userId: user.id, action: params.action }, 'AI stream broke off');
            out.write(sse({ msg: AI_MESSAGES.PROVIDER_FAILED }, 'error'));
          }
        } finally {
          clearTimeout(timer);
          out.end();
        }
      })();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // Proxies (nginx) must pass each piece on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );
};

export default ai;
