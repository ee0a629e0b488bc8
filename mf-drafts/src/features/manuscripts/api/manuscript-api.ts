import { drafts } from 'shared-sdk/contract/calls';
import { baseApi, routeEndpoint } from 'shared-sdk';
import { LIMITS, type ManuscriptDeleteRequest, type ManuscriptListRequest, type ManuscriptWithdrawRequest } from 'shared-sdk/contract';

/** What the library screen chooses (its pages are LIMITS.DRAFT_PAGE_SIZE long). */
export type ManuscriptListArgs = Required<Pick<ManuscriptListRequest, 'type' | 'status' | 'page' | 'title'>>;

/** The library's call (pages of LIMITS.DRAFT_PAGE_SIZE, like the draft list); the /personalScript route declares the same one for the host to start early (expose/routes.ts). */
const listManuscripts = routeEndpoint(drafts.manuscriptList, ({ type, status, page, title }: ManuscriptListArgs) => ({
  type,
  status,
  page,
  size: LIMITS.DRAFT_PAGE_SIZE,
  ...(title ? { title } : {}),
}));
export const listManuscriptsRequest = listManuscripts.query;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Manuscript'] });

export const manuscriptApi = api.injectEndpoints({
  endpoints: (build) => ({
    listManuscripts: build.query({
      ...listManuscripts,
      providesTags: ['Manuscript'],
    }),
    showManuscript: build.query({
      ...routeEndpoint(drafts.manuscriptShow, (id: number) => ({ id }), { skipErrorHandler: true }),
      providesTags: ['Manuscript'],
    }),
    withdrawManuscript: build.mutation({
      ...routeEndpoint(drafts.manuscriptWithdraw, (body: ManuscriptWithdrawRequest) => ({ ...body }), { skipErrorHandler: true }),
      // Withdrawing to the drafts adds a draft.
      invalidatesTags: ['Manuscript', 'Draft'],
    }),
    deleteManuscript: build.mutation({
      ...routeEndpoint(drafts.manuscriptDelete, (body: ManuscriptDeleteRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Manuscript'],
    }),
  }),
});

export const { useListManuscriptsQuery, useShowManuscriptQuery, useWithdrawManuscriptMutation, useDeleteManuscriptMutation } = manuscriptApi;
