import { drafts, editor } from 'shared-sdk/contract/calls';
import { callApi } from 'shared-sdk';
import type {
  ArticleAddRequest,
  DraftDetail,
  DraftRestoreVersionRequest,
  ManuscriptDetail,
  ManuscriptListRequest,
  UseMaterialRequest,
} from 'shared-sdk/contract';

// The editor's calls are imperative (autosave, conflicts, restores) and each caller shows its own
// outcome (a status line, a conflict notice), so none of them goes through the central notifier.
const quiet = { skipErrorHandler: true } as const;

export type EditorDraft = DraftDetail;
export type EditorManuscript = ManuscriptDetail;

export const editorCalls = {
  save: (request: ArticleAddRequest) => callApi(editor.articleAdd, request, quiet),
  showDraft: (id: number) => callApi(drafts.draftShow, { id }, quiet),
  showManuscript: (id: number) => callApi(drafts.manuscriptShow, { id }, quiet),
  versions: (id: number) => callApi(editor.draftVersions, { id }, quiet),
  version: (id: number, version: number) => callApi(editor.draftVersion, { id, version }, quiet),
  restoreVersion: (request: DraftRestoreVersionRequest) => callApi(editor.draftRestoreVersion, request, quiet),
  useMaterial: (request: UseMaterialRequest) => callApi(editor.useMaterial, request, quiet),
  manuscripts: (request: ManuscriptListRequest) => callApi(drafts.manuscriptList, request, quiet),
};
