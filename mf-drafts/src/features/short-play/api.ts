import { shortDrama } from 'shared-sdk/contract/calls';
import { baseApi, routeEndpoint, type DramaListRequest, type DramaSaveRequest } from 'shared-sdk';

/** The list's call; the /shortPlay route declares its first one for the host to start early (expose/routes.ts). */
const listDramas = routeEndpoint(shortDrama.dramaList, (body: DramaListRequest) => ({ ...body }), { skipErrorHandler: true });
export const listDramasRequest = listDramas.query;

/** The detail's call; the /shortPlay/detail route declares the same one for the host to start early (expose/routes.ts). */
const dramaDetail = routeEndpoint(shortDrama.dramaDetail, (id: number) => ({ id }), { skipErrorHandler: true });
export const dramaDetailRequest = dramaDetail.query;

// The screens show refusals themselves (no authority, not mine).
export const dramaApi = baseApi.enhanceEndpoints({ addTagTypes: ['Drama'] }).injectEndpoints({
  endpoints: (build) => ({
    listDramas: build.query({
      ...listDramas,
      providesTags: ['Drama'],
    }),
    dramaDetail: build.query({
      ...dramaDetail,
      providesTags: ['Drama'],
    }),
    saveDrama: build.mutation({
      ...routeEndpoint(shortDrama.dramaSave, (body: DramaSaveRequest) => ({ ...body }), { skipErrorHandler: true }),
      invalidatesTags: ['Drama'],
    }),
  }),
});

export const { useListDramasQuery, useDramaDetailQuery, useSaveDramaMutation } = dramaApi;
