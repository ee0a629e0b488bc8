import { drafts } from 'shared-sdk/contract/calls';
import { baseApi, routeQuery } from 'shared-sdk';
import {
  LIMITS,
  type ManuscriptDeleteRequest,
  type ManuscriptDetail,
  type ManuscriptListAnswer,
  type ManuscriptListRequest,
  type ManuscriptWithdrawAnswer,
  type ManuscriptWithdrawRequest,
} from 'shared-sdk/contract';

/** What the library screen chooses (its pages are LIMITS.DRAFT_PAGE_SIZE long). */
export type ManuscriptListArgs = Required<Pick<ManuscriptListRequest, 'type' | 'status' | 'page' | 'title'>>;

/** The library's call (pages of LIMITS.DRAFT_PAGE_SIZE, like the draft list); the /personalScript route declares the same one for the host to start early (expose/routes.ts). */
export function listManuscriptsRequest({ type, status, page, title }: ManuscriptListArgs) {
  const params: ManuscriptListRequest = { type, status, page, size: LIMITS.DRAFT_PAGE_SIZE, ...(title ? { title } : {}) };
  return routeQuery(drafts.manuscriptList, params);
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Manuscript'] });

export const manuscriptApi = api.injectEndpoints({
  endpoints: (build) => ({
    listManuscripts: build.query<ManuscriptListAnswer, ManuscriptListArgs>({
      query: listManuscriptsRequest,
      providesTags: ['Manuscript'],
    }),
    showManuscript: build.query<ManuscriptDetail, number>({
      query: (id) => routeQuery(drafts.manuscriptShow, { id }, { skipErrorHandler: true }),
      providesTags: ['Manuscript'],
    }),
    withdrawManuscript: build.mutation<ManuscriptWithdrawAnswer, ManuscriptWithdrawRequest>({
      query: (body) => routeQuery(drafts.manuscriptWithdraw, { ...body }, { skipErrorHandler: true }),
      // Withdrawing to the drafts adds a draft.
      invalidatesTags: ['Manuscript', 'Draft'],
    }),
    deleteManuscript: build.mutation<null, ManuscriptDeleteRequest>({
      query: (body) => routeQuery(drafts.manuscriptDelete, { ...body }, { skipErrorHandler: true }),
      invalidatesTags: ['Manuscript'],
    }),
  }),
});

export const { useListManuscriptsQuery, useShowManuscriptQuery, useWithdrawManuscriptMutation, useDeleteManuscriptMutation } = manuscriptApi;
