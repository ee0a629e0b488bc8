/**
 * 历史版本: the last 50 server versions of a draft. Listing and reading are open to the owner;
 * restoring writes the old document as a new version (nothing in the history is rewritten).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiCode,
  type DraftVersionAnswer,
  type DraftVersionListAnswer,
  EDITOR_LIMITS,
  EDITOR_MESSAGES,
  EditorCode,
  type ArticleAddAnswer,
  banRangeOfKind,
  fail,
  ok,
} from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { sanitizeEditorHtml } from '../../lib/html-sanitizer';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { findOwnDraft } from '../drafts/draft-store';
import { formatTime } from '../../lib/china-time';
import { editorClock } from './clock';
import { VersionConflict, saveDraft } from './draft-save';
import { articleAddAnswer, restoreBody, versionAnswer, versionListAnswer, versionQuery, versionsQuery } from './schemas';

const versionsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { id: number } }>(
    '/api/draft/versions',
    { schema: { querystring: versionsQuery, response: { 200: versionListAnswer } } },
    async (request) => {
      const draft = await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id);
      const rows = await app.db
        .selectFrom('draft_versions')
        .select(['version', 'created_at', 'size', 'title'])
        .where('draft_id', '=', draft.id)
        .orderBy('version', 'desc')
        .limit(EDITOR_LIMITS.VERSIONS_KEPT)
        .execute();
      const list = rows.map((row) => ({ version: row.version, create_time: formatTime(row.created_at), size: row.size, title: row.title }));
      return ok<DraftVersionListAnswer>({ current: draft.version, list });
    },
  );

  app.get<{ Querystring: { id: number; version: number } }>(
    '/api/draft/version',
    { schema: { querystring: versionQuery, response: { 200: versionAnswer } } },
    async (request) => {
      const draft = await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id);
      const row = await app.db.selectFrom('draft_versions').selectAll().where('draft_id', '=', draft.id).where('version', '=', request.query.version).executeTakeFirst();
      if (!row) throw new ApiError(ApiCode.NOT_FOUND, '该版本不存在或已过期');
      const document = { ...row.document, content: sanitizeEditorHtml(row.document.content) };
      return ok<DraftVersionAnswer>({ version: row.version, create_time: formatTime(row.created_at), size: row.size, title: row.title, document });
    },
  );

  app.post<{ Body: { id: number; version: number; base_version?: number } }>(
    '/api/draft/restoreVersion',
    { schema: { body: restoreBody, response: { 200: articleAddAnswer } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      requireCert(user);
      const { id, version, base_version: baseVersion } = request.body;
      const draft = await findOwnDraft(app.db, user.id, id);
      // Restoring edits the draft: refused under the ban range of its kind.
      await requireNotBanned(app.db, user.id, banRangeOfKind(draft.type));
      const row = await app.db.selectFrom('draft_versions').selectAll().where('draft_id', '=', id).where('version', '=', version).executeTakeFirst();
      if (!row) throw new ApiError(ApiCode.NOT_FOUND, '该版本不存在或已过期');
      try {
        const saved = await app.db.transaction().execute((tx) =>
          saveDraft(tx, { userId: user.id, draftId: id, baseVersion: baseVersion ?? draft.version }, row.document, editorClock.now()),
        );
        return ok<ArticleAddAnswer>(
          { draft_id: saved.id, version: saved.version, update_time: formatTime(saved.updatedAt), manuscript_id: null, status: null, publish_time: null },
          EDITOR_MESSAGES.RESTORED,
        );
      } catch (error) {
        if (error instanceof VersionConflict) return reply.send(fail(EditorCode.VERSION_CONFLICT, error.message, error.data));
        throw error;
      }
    },
  );
};

export default versionsRoutes;
