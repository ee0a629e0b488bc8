/**
 * POST /api/article/add (the original product's name): save a draft, publish, or schedule, for every
 * kind of the writing screens. Order of refusals: real-name (1005), ban of the kind's range (1006),
 * parameters and limits (1002), ownership (1003/1004), stale version (1020), state (1009), then
 * publishing's own (videos not transcoded, the edited manuscript back in review), then a collection's
 * works (1002: they are read after the draft's locks, and a save is judged against what it listed). Every refusal comes
 * before anything is written: a refused publish leaves the draft at its version, and the editor's
 * next save on the same base_version is taken.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiCode,
  EDITOR_MESSAGES,
  SaveType,
  banRangeOfKind,
  formatChinaTime,
  ok,
  parseChinaTime,
  scheduleTimeIssue,
  validateEditorDocument,
} from 'shared-sdk/contract';
import { editor as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { requireCert, requireNotBanned } from '../../plugins/app/guards';
import { formatTime } from '../../lib/china-time';
import { editorClock } from './clock';
import { documentFromFields } from './document';
import { checkDraftSave, writeDraft } from './draft-save';
import { checkCollectionItems, checkPublish, publishDraft } from './publish';
import { documentAddresses } from './document-addresses';
import { acceptNamedUploads } from '../upload/grants';

/** A 50,000-character article with formats, form-encoded (Chinese text grows 9× when percent-encoded). */
export const SAVE_BODY_LIMIT = 24 * 1024 * 1024;

const saveRoute: FastifyPluginAsync = async (app) => {
  serve(
    app,
    contract.articleAdd,
    async (request) => {
      const { user } = requireAuth(request);
      const { body } = request;
      requireCert(user);
      await requireNotBanned(app.db, user.id, banRangeOfKind(body.type));
      // The validator filled in every default; the spread only tells the types so.
      const doc = documentFromFields({ ...contract.ARTICLE_FORM_DEFAULTS, ...body });
      const publishing = body.save_type !== SaveType.DRAFT;
      const issue = validateEditorDocument(doc, publishing)[0];
      if (issue) throw new ApiError(ApiCode.INVALID_PARAMS, issue.message);
      const now = editorClock.now();
      let scheduledAt: Date | null = null;
      if (body.save_type === SaveType.SCHEDULE) {
        const publishTime = body.publish_time ?? '';
        const timeIssue = scheduleTimeIssue(publishTime, now.getTime());
        if (timeIssue) throw new ApiError(ApiCode.INVALID_PARAMS, timeIssue);
        scheduledAt = new Date(parseChinaTime(publishTime) ?? 0);
      }
      if (body.draft_id !== undefined && body.manuscript_id !== undefined)
        throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：draft_id 与 manuscript_id 不能同时提供');
      // The uploads it names that the server has not taken in yet: their real size, first (a bucket bounds nothing as they stream).
      await acceptNamedUploads({ db: app.db, storage: app.storage }, user.id, documentAddresses(app.storage, doc).keys);
      // A stale base_version throws the 1020 refusal with the current version (VersionConflict): nothing is written.
      const answer = await app.db.transaction().execute(async (tx): Promise<contract.ArticleSaved> => {
        const target = { userId: user.id, draftId: body.draft_id, baseVersion: body.base_version, manuscriptId: body.manuscript_id };
        const checked = await checkDraftSave(tx, target, doc);
        // Publishing's own refusals come before the draft is written: a refused publish changes nothing.
        const publish = publishing ? await checkPublish(tx, app.storage, user.id, doc, checked) : null;
        // After the draft and the manuscript it edits are locked: the lock order of `checkCollectionItems`.
        await checkCollectionItems(tx, user.id, doc.item_ids, checked.listedItems, publishing);
        const saved = await writeDraft(tx, checked, doc, now);
        const result = { draft_id: saved.id, version: saved.version, update_time: formatTime(saved.updatedAt) };
        if (!publish) return { ...result, manuscript_id: null, status: null, publish_time: null };
        const published = await publishDraft(tx, user.id, publish, saved, doc, scheduledAt, now);
        return {
          ...result,
          manuscript_id: published.manuscriptId,
          status: published.status,
          publish_time: scheduledAt ? formatChinaTime(scheduledAt.getTime()) : null,
        };
      });
      const msg =
        body.save_type === SaveType.DRAFT ? EDITOR_MESSAGES.SAVED : body.save_type === SaveType.PUBLISH ? EDITOR_MESSAGES.PUBLISHED : EDITOR_MESSAGES.SCHEDULED;
      return ok(answer, msg);
    },
    { bodyLimit: SAVE_BODY_LIMIT },
  );
};

export default saveRoute;
