import { baseApi } from 'shared-sdk';
import type { ScoreHistoryAnswer, UserScoreDetailAnswer } from 'shared-sdk/contract';

export const scoreApi = baseApi.enhanceEndpoints({ addTagTypes: ['Score'] }).injectEndpoints({
  endpoints: (build) => ({
    userScoreDetail: build.query<UserScoreDetailAnswer, void>({ query: () => ({ url: '/api/creatorScore/getUserScore' }), providesTags: ['Score'] }),
    scoreHistory: build.query<ScoreHistoryAnswer, void>({ query: () => ({ url: '/api/creatorScore/history' }), providesTags: ['Score'] }),
  }),
});

export const { useUserScoreDetailQuery, useScoreHistoryQuery } = scoreApi;
