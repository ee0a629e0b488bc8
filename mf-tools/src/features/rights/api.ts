import { baseApi } from 'shared-sdk';
import type { RightApplyRequest, RightsAnswer } from 'shared-sdk/contract';

/** The screen's first call; the /rights route declares the same one for the host to start early. */
export const rightsRequest = () => ({ url: '/api/rights/index' });

export const rightsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Rights'] }).injectEndpoints({
  endpoints: (build) => ({
    rights: build.query<RightsAnswer, void>({ query: rightsRequest, providesTags: ['Rights'] }),
    // The screen shows the server's msg itself (locked, in review, banned).
    applyRight: build.mutation<RightsAnswer, RightApplyRequest>({
      query: (body) => ({ url: '/api/rights/apply', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Rights'],
    }),
  }),
});

export const { useRightsQuery, useApplyRightMutation } = rightsApi;
