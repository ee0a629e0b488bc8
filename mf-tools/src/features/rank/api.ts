import { baseApi } from 'shared-sdk';
import type { RankListAnswer, RankListRequest } from 'shared-sdk/contract';

/** The rank's call; the /rank route declares its first one for the host to start early (expose/routes.ts). */
export const rankListRequest = (params: RankListRequest) => ({ url: '/api/creatorRank/list', params: { ...params } });

export const rankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rankList: build.query<RankListAnswer, RankListRequest>({ query: rankListRequest }),
  }),
});

export const { useRankListQuery } = rankApi;
