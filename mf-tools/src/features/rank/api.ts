import { baseApi, routeEndpoint, routeQuery } from 'shared-sdk';
import type { RankListRequest } from 'shared-sdk/contract';
import { rank } from 'shared-sdk/contract/calls';

/** The rank's call; the /rank route declares its first one for the host to start early (expose/routes.ts). */
export const rankListRequest = (params: RankListRequest) => routeQuery(rank.rankList, { ...params });

export const rankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rankList: build.query({ ...routeEndpoint(rank.rankList, (params: RankListRequest) => ({ ...params })) }),
  }),
});

export const { useRankListQuery } = rankApi;
