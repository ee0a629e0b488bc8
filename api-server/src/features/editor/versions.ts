/**
 * 历史版本: the last 50 server versions of a draft. Listing and reading are open to the owner;
 * restoring writes the old document as a new version (nothing in the history is rewritten).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, EDITOR_LIMITS, EDITOR_MESSAGES, banRangeOfKind, ok } from 'shared-sdk/contract';
import { editor as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { sanitizeEditorHtml } from '../../lib/html-sanitizer';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { findOwnDraft } from '../drafts/draft-store';
import { formatTime } from '../../lib/china-time';
import { editorClock } from './clock';
import { saveDraft } from './draft-save';

const versionsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, contract.draftVersions, async (request) => {
    const draft = await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id);
    const rows = await app.db
      .selectFrom('draft_versions')
      .select(['version', 'created_at', 'size', 'title'])
      .where('draft_id', '=', draft.id)
      .orderBy('version', 'desc')
      .limit(EDITOR_LIMITS.VERSIONS_KEPT)
      .execute();
    const list = rows.map((row) => ({ version: row.version, create_time: formatTime(row.created_at), size: row.size, title: row.title }));
    return ok({ current: draft.version, list });
  });

  serve(app, contract.draftVersion, async (request) => {
    const draft = await findOwnDraft(app.db, requireAuth(request).user.id, request.query.id);
    const row = await app.db
      .selectFrom('draft_versions')
      .selectAll()
      .where('draft_id', '=', draft.id)
      .where('version', '=', request.query.version)
      .executeTakeFirst();
    if (!row) throw new ApiError(ApiCode.NOT_FOUND, '该版本不存在或已过期');
    const document = { ...row.document, content: sanitizeEditorHtml(row.document.content) };
    return ok({ version: row.version, create_time: formatTime(row.created_at), size: row.size, title: row.title, document });
  });

  serve(app, contract.draftRestoreVersion, async (request) => {
    const { user } = requireAuth(request);
    requireCert(user);
    const { id, version, base_version: baseVersion } = request.body;
    const draft = await findOwnDraft(app.db, user.id, id);
    // Restoring edits the draft: refused under the ban range of its kind.
    await requireNotBanned(app.db, user.id, banRangeOfKind(draft.type));
    const row = await app.db.selectFrom('draft_versions').selectAll().where('draft_id', '=', id).where('version', '=', version).executeTakeFirst();
    if (!row) throw new ApiError(ApiCode.NOT_FOUND, '该版本不存在或已过期');
    // A stale base_version throws the 1020 refusal with the current version (VersionConflict), as a save does.
    const saved = await app.db
      .transaction()
      .execute((tx) => saveDraft(tx, { userId: user.id, draftId: id, baseVersion: baseVersion ?? draft.version }, row.document, editorClock.now()));
    return ok(
      { draft_id: saved.id, version: saved.version, update_time: formatTime(saved.updatedAt), manuscript_id: null, status: null, publish_time: null },
      EDITOR_MESSAGES.RESTORED,
    );
  });
};

export default versionsRoutes;
