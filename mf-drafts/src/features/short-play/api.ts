import { shortDrama } from 'shared-sdk/contract/calls';
import { baseApi, routeQuery, type DramaDetail, type DramaListAnswer, type DramaListRequest, type DramaSaveRequest, type DramaSeries } from 'shared-sdk';

/** The list's call; the /shortPlay route declares its first one for the host to start early (expose/routes.ts). */
export const listDramasRequest = (body: DramaListRequest) => routeQuery(shortDrama.dramaList, { ...body }, { skipErrorHandler: true });

/** The detail's call; the /shortPlay/detail route declares the same one for the host to start early (expose/routes.ts). */
export const dramaDetailRequest = (id: number) => routeQuery(shortDrama.dramaDetail, { id }, { skipErrorHandler: true });

// The screens show refusals themselves (no authority, not mine).
export const dramaApi = baseApi.enhanceEndpoints({ addTagTypes: ['Drama'] }).injectEndpoints({
  endpoints: (build) => ({
    listDramas: build.query<DramaListAnswer, DramaListRequest>({
      query: listDramasRequest,
      providesTags: ['Drama'],
    }),
    dramaDetail: build.query<DramaDetail, number>({
      query: dramaDetailRequest,
      providesTags: ['Drama'],
    }),
    saveDrama: build.mutation<DramaSeries, DramaSaveRequest>({
      query: (body) => routeQuery(shortDrama.dramaSave, { ...body }, { skipErrorHandler: true }),
      invalidatesTags: ['Drama'],
    }),
  }),
});

export const { useListDramasQuery, useDramaDetailQuery, useSaveDramaMutation } = dramaApi;
