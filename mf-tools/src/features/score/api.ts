import { baseApi, routeEndpoint } from 'shared-sdk';
import type { ScoreHistoryAnswer, UserScoreDetailAnswer } from 'shared-sdk/contract';
import { score } from 'shared-sdk/contract/calls';

export const scoreApi = baseApi.enhanceEndpoints({ addTagTypes: ['Score'] }).injectEndpoints({
  endpoints: (build) => ({
    userScoreDetail: build.query<UserScoreDetailAnswer, void>({ ...routeEndpoint(score.userScore), providesTags: ['Score'] }),
    scoreHistory: build.query<ScoreHistoryAnswer, void>({ ...routeEndpoint(score.scoreHistory), providesTags: ['Score'] }),
  }),
});

export const { useUserScoreDetailQuery, useScoreHistoryQuery } = scoreApi;
