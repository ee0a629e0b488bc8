import { drafts } from 'shared-sdk/contract/calls';
import { baseApi, routeEndpoint } from 'shared-sdk';
import { LIMITS, type DraftDeleteRequest, type DraftSearchRequest } from 'shared-sdk/contract';

/** What the list screen chooses (its pages are LIMITS.DRAFT_PAGE_SIZE long). */
export type DraftSearchArgs = Required<Pick<DraftSearchRequest, 'type' | 'page' | 'title'>>;

/** The list's call; the /draft route declares the same one for the host to start early (expose/routes.ts). */
const searchDrafts = routeEndpoint(drafts.draftSearch, ({ type, page, title }: DraftSearchArgs) => ({
  type,
  page,
  size: LIMITS.DRAFT_PAGE_SIZE,
  ...(title ? { title } : {}),
}));
export const searchDraftsRequest = searchDrafts.query;

/** The detail's call; the /scriptDetail route declares the same one for the host to start early (expose/routes.ts). */
const showDraft = routeEndpoint(drafts.draftShow, (id: number) => ({ id }), { skipErrorHandler: true });
export const showDraftRequest = showDraft.query;

export const draftApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A non-zero code reaches the central notifier, which shows msg as an error toast (docs/product.md §8).
    searchDrafts: build.query({
      ...searchDrafts,
      providesTags: ['Draft'],
    }),
    // The detail page shows its own refusal (missing, someone else's) in place.
    showDraft: build.query({
      ...showDraft,
      providesTags: (_result, _error, id) => [{ type: 'Draft', id }],
    }),
    // The screen shows 删除成功! or the server's msg itself.
    deleteDraft: build.mutation({
      ...routeEndpoint(drafts.draftDelete, (body: DraftDeleteRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Draft'],
    }),
  }),
});

export const { useSearchDraftsQuery, useShowDraftQuery, useDeleteDraftMutation } = draftApi;
