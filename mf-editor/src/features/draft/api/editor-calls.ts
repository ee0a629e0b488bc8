import { apiGet, apiPost } from 'shared-sdk';
import type {
  ArticleAddAnswer,
  ArticleAddRequest,
  DraftDetail,
  DraftRestoreVersionRequest,
  DraftVersionAnswer,
  DraftVersionListAnswer,
  ManuscriptDetail,
  ManuscriptListAnswer,
  ManuscriptListRequest,
  UseMaterialAnswer,
  UseMaterialRequest,
} from 'shared-sdk/contract';

// The editor's calls are imperative (autosave, conflicts, restores) and each caller shows its own
// outcome (a status line, a conflict notice), so none of them goes through the central notifier.
const quiet = { skipErrorHandler: true } as const;

export type EditorDraft = DraftDetail;
export type EditorManuscript = ManuscriptDetail;

export const editorCalls = {
  save: (request: ArticleAddRequest) => apiPost<ArticleAddAnswer>('/api/article/add', request, quiet),
  showDraft: (id: number) => apiGet<EditorDraft>('/api/draft/show', { id }, quiet),
  showManuscript: (id: number) => apiGet<EditorManuscript>('/api/manuscript/show', { id }, quiet),
  versions: (id: number) => apiGet<DraftVersionListAnswer>('/api/draft/versions', { id }, quiet),
  version: (id: number, version: number) => apiGet<DraftVersionAnswer>('/api/draft/version', { id, version }, quiet),
  restoreVersion: (request: DraftRestoreVersionRequest) => apiPost<ArticleAddAnswer>('/api/draft/restoreVersion', request, quiet),
  useMaterial: (request: UseMaterialRequest) => apiPost<UseMaterialAnswer>('/api/editor/useMaterial', request, quiet),
  manuscripts: (request: ManuscriptListRequest) => apiGet<ManuscriptListAnswer>('/api/manuscript/list', request, quiet),
};
