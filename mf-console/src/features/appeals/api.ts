import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

export const appealsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    appealList: build.query({ queryFn: viaOperator(CALLS.appeals), providesTags: ['Appeal'] }),
    decideAppeal: build.mutation({ queryFn: viaOperator(CALLS.decideAppeal), invalidatesTags: ['Appeal', 'Queue', 'Audit', 'OperatorUser'] }),
  }),
});

export const { useAppealListQuery, useDecideAppealMutation } = appealsApi;
