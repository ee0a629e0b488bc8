import { drafts } from 'shared-sdk/contract/calls';
import { baseApi, routeQuery } from 'shared-sdk';
import { LIMITS, type DraftDeleteRequest, type DraftDetail, type DraftSearchAnswer, type DraftSearchRequest } from 'shared-sdk/contract';

/** What the list screen chooses (its pages are LIMITS.DRAFT_PAGE_SIZE long). */
export type DraftSearchArgs = Required<Pick<DraftSearchRequest, 'type' | 'page' | 'title'>>;

/** The list's call; the /draft route declares the same one for the host to start early (expose/routes.ts). */
export function searchDraftsRequest({ type, page, title }: DraftSearchArgs) {
  const params: DraftSearchRequest = { type, page, size: LIMITS.DRAFT_PAGE_SIZE, ...(title ? { title } : {}) };
  return routeQuery(drafts.draftSearch, params);
}

/** The detail's call; the /scriptDetail route declares the same one for the host to start early (expose/routes.ts). */
export const showDraftRequest = (id: number) => routeQuery(drafts.draftShow, { id }, { skipErrorHandler: true });

export const draftApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A non-zero code reaches the central notifier, which shows msg as an error toast (docs/product.md §8).
    searchDrafts: build.query<DraftSearchAnswer, DraftSearchArgs>({
      query: searchDraftsRequest,
      providesTags: ['Draft'],
    }),
    // The detail page shows its own refusal (missing, someone else's) in place.
    showDraft: build.query<DraftDetail, number>({
      query: showDraftRequest,
      providesTags: (_result, _error, id) => [{ type: 'Draft', id }],
    }),
    // The screen shows 删除成功! or the server's msg itself.
    deleteDraft: build.mutation<null, DraftDeleteRequest>({
      query: (body) => routeQuery(drafts.draftDelete, { ...body }, { skipErrorHandler: true }),
      invalidatesTags: ['Draft'],
    }),
  }),
});

export const { useSearchDraftsQuery, useShowDraftQuery, useDeleteDraftMutation } = draftApi;
