import { baseApi, routeEndpoint } from 'shared-sdk';
import { score } from 'shared-sdk/contract/calls';

export const scoreApi = baseApi.enhanceEndpoints({ addTagTypes: ['Score'] }).injectEndpoints({
  endpoints: (build) => ({
    userScoreDetail: build.query({ ...routeEndpoint(score.userScore), providesTags: ['Score'] }),
    scoreHistory: build.query({ ...routeEndpoint(score.scoreHistory), providesTags: ['Score'] }),
  }),
});

export const { useUserScoreDetailQuery, useScoreHistoryQuery } = scoreApi;
