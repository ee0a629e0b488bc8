import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

/** The command line's other tasks (运维): creator accounts, drafts, rights applications, scores, decisions by id, storage. */
export const tasksApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    createUser: build.mutation({ queryFn: viaOperator(CALLS.createUser), invalidatesTags: ['OperatorUser', 'Audit'] }),
    restoreDraft: build.mutation({ queryFn: viaOperator(CALLS.restoreDraft), invalidatesTags: ['Audit'] }),
    rightList: build.query({ queryFn: viaOperator(CALLS.rights), providesTags: ['RightApplication'] }),
    decideRight: build.mutation({ queryFn: viaOperator(CALLS.decideRight), invalidatesTags: ['RightApplication', 'Audit'] }),
    scoreDaily: build.mutation({ queryFn: viaOperator(CALLS.scoreDaily), invalidatesTags: ['Audit'] }),
    decideMaterialById: build.mutation({ queryFn: viaOperator(CALLS.decideMaterials), invalidatesTags: ['Queue', 'Audit'] }),
    decideManuscriptById: build.mutation({ queryFn: viaOperator(CALLS.decideManuscripts), invalidatesTags: ['Queue', 'Audit'] }),
    storageReport: build.query({ queryFn: viaOperator(CALLS.storageReport), providesTags: ['StorageReport'] }),
  }),
});

export const {
  useCreateUserMutation,
  useRestoreDraftMutation,
  useRightListQuery,
  useDecideRightMutation,
  useScoreDailyMutation,
  useDecideMaterialByIdMutation,
  useDecideManuscriptByIdMutation,
  useLazyStorageReportQuery,
} = tasksApi;
