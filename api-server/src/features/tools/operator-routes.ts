/**
 * POST /operator/tools/<command>: the creator-tool operator commands for a CLI that cannot open the
 * embedded database because this server holds it. Not a creator call: no signature, no session; the
 * `x-operator-token` header must match (the materials feature publishes it in DATA_DIR/operator.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope, objectOf, str } from '../../lib/schemas';
import { ReviewRefusal } from '../enterprise/certification-store';
import { operatorToken, sameToken } from '../materials/operator-access';
import { type ToolCommandArgs, TOOL_COMMANDS, isToolCommand, runToolCommand } from './operator';
import { text } from './text';

const argsBody = objectOf({ phone: text(20), kind: text(20), decision: text(20), reason: text(400), tool: text(40) }, []);

const operatorRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { command: string }; Body: ToolCommandArgs }>(
    '/operator/tools/:command',
    {
      config: { auth: 'public' },
      schema: {
        params: objectOf({ command: { type: 'string', enum: [...TOOL_COMMANDS] } }),
        body: argsBody,
        response: { 200: envelope(objectOf({ message: str })) },
      },
    },
    async (request) => {
      if (!sameToken(String(request.headers['x-operator-token'] ?? ''), operatorToken())) throw new ApiError(ApiCode.FORBIDDEN, '无权执行运营操作', 403);
      const { command } = request.params;
      if (!isToolCommand(command)) throw new ApiError(ApiCode.NOT_FOUND, 'unknown command');
      try {
        return ok({ message: await runToolCommand(app.db, command, request.body ?? {}) });
      } catch (error) {
        if (error instanceof ReviewRefusal) throw new ApiError(ApiCode.CONFLICT, error.message);
        throw error;
      }
    },
  );
};

export default operatorRoutes;
