import { drafts, editor } from 'shared-sdk/contract/calls';
import { callApi } from 'shared-sdk';
import type {
  ArticleAddAnswer,
  ArticleAddRequest,
  DraftDetail,
  DraftRestoreVersionRequest,
  ManuscriptDetail,
  ManuscriptListRequest,
  UseMaterialRequest,
} from 'shared-sdk/contract';
import type { DataOf, editor as schemas } from 'shared-sdk/contract/schemas';

// The editor's calls are imperative (autosave, conflicts, restores) and each caller shows its own
// outcome (a status line, a conflict notice), so none of them goes through the central notifier.
const quiet = { skipErrorHandler: true } as const;

export type EditorDraft = DraftDetail;
export type EditorManuscript = ManuscriptDetail;

/**
 * A save's answer. The contract declares its data as the save or the current version (1020), but the
 * current version only ever comes as a refusal's data (a rejected call), so a resolved save is the save.
 */
const saved = (data: DataOf<typeof schemas.articleAdd>) => data as ArticleAddAnswer;

export const editorCalls = {
  save: (request: ArticleAddRequest) => callApi(editor.articleAdd, request, quiet).then(saved),
  showDraft: (id: number) => callApi(drafts.draftShow, { id }, quiet),
  showManuscript: (id: number) => callApi(drafts.manuscriptShow, { id }, quiet),
  versions: (id: number) => callApi(editor.draftVersions, { id }, quiet),
  version: (id: number, version: number) => callApi(editor.draftVersion, { id, version }, quiet),
  restoreVersion: (request: DraftRestoreVersionRequest) => callApi(editor.draftRestoreVersion, request, quiet).then(saved),
  useMaterial: (request: UseMaterialRequest) => callApi(editor.useMaterial, request, quiet),
  manuscripts: (request: ManuscriptListRequest) => callApi(drafts.manuscriptList, request, quiet),
};
