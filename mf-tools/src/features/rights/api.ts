import { baseApi } from 'shared-sdk';
import type { RightApplyRequest, RightsAnswer } from 'shared-sdk/contract';

export const rightsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Rights'] }).injectEndpoints({
  endpoints: (build) => ({
    rights: build.query<RightsAnswer, void>({ query: () => ({ url: '/api/rights/index' }), providesTags: ['Rights'] }),
    // The screen shows the server's msg itself (locked, in review, banned).
    applyRight: build.mutation<RightsAnswer, RightApplyRequest>({
      query: (body) => ({ url: '/api/rights/apply', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Rights'],
    }),
  }),
});

export const { useRightsQuery, useApplyRightMutation } = rightsApi;
