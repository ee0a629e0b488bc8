import { baseApi } from 'shared-sdk';
import type { RankListAnswer, RankListRequest } from 'shared-sdk/contract';

export const rankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rankList: build.query<RankListAnswer, RankListRequest>({ query: (params) => ({ url: '/api/creatorRank/list', params: { ...params } }) }),
  }),
});

export const { useRankListQuery } = rankApi;
