import { baseApi, type DramaDetail, type DramaListAnswer, type DramaListRequest, type DramaSaveRequest, type DramaSeries } from 'shared-sdk';

// The screens show refusals themselves (no authority, not mine).
export const dramaApi = baseApi.enhanceEndpoints({ addTagTypes: ['Drama'] }).injectEndpoints({
  endpoints: (build) => ({
    listDramas: build.query<DramaListAnswer, DramaListRequest>({
      query: (body) => ({ url: '/api/microDrama/list', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      providesTags: ['Drama'],
    }),
    dramaDetail: build.query<DramaDetail, number>({
      query: (id) => ({ url: '/api/microDrama/detail', method: 'POST', body: { id }, skipErrorHandler: true }),
      providesTags: ['Drama'],
    }),
    saveDrama: build.mutation<DramaSeries, DramaSaveRequest>({
      query: (body) => ({ url: '/api/microDrama/save', method: 'POST', body: { ...body }, skipErrorHandler: true }),
      invalidatesTags: ['Drama'],
    }),
  }),
});

export const { useListDramasQuery, useDramaDetailQuery, useSaveDramaMutation } = dramaApi;
