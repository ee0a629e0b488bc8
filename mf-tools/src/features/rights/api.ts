import { baseApi, routeEndpoint, routeQuery } from 'shared-sdk';
import type { RightApplyRequest } from 'shared-sdk/contract';
import { rights } from 'shared-sdk/contract/calls';

/** The screen's first call; the /rights route declares the same one for the host to start early. */
export const rightsRequest = () => routeQuery(rights.rightsIndex);

export const rightsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Rights'] }).injectEndpoints({
  endpoints: (build) => ({
    rights: build.query({ ...routeEndpoint(rights.rightsIndex), providesTags: ['Rights'] }),
    // The screen shows the server's msg itself (locked, in review, banned).
    applyRight: build.mutation({
      ...routeEndpoint(rights.rightsApply, (body: RightApplyRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Rights'],
    }),
  }),
});

export const { useRightsQuery, useApplyRightMutation } = rightsApi;
