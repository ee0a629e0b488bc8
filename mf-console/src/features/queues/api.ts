import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

export const queuesApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    consoleHome: build.query({ queryFn: viaOperator(CALLS.home), providesTags: ['Queue', 'Audit'] }),
    queueSummary: build.query({ queryFn: viaOperator(CALLS.queues), providesTags: ['Queue'] }),
  }),
});

export const { useConsoleHomeQuery, useQueueSummaryQuery } = queuesApi;
