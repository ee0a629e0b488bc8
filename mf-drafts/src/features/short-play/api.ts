import { baseApi, type DramaDetail, type DramaListAnswer, type DramaListRequest, type DramaSaveRequest, type DramaSeries } from 'shared-sdk';

/** The list's call; the /shortPlay route declares its first one for the host to start early (expose/routes.ts). */
export const listDramasRequest = (body: DramaListRequest) => ({
  url: '/api/microDrama/list',
  method: 'POST' as const,
  body: { ...body },
  skipErrorHandler: true,
});

/** The detail's call; the /shortPlay/detail route declares the same one for the host to start early (expose/routes.ts). */
export const dramaDetailRequest = (id: number) => ({ url: '/api/microDrama/detail', method: 'POST' as const, body: { id }, skipErrorHandler: true });

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
      query: (body) => ({ url: '/api/microDrama/save', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Drama'],
    }),
  }),
});

export const { useListDramasQuery, useDramaDetailQuery, useSaveDramaMutation } = dramaApi;
