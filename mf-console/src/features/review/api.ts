import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

// A decision changes the queues, their counts and the audit trail.
const DECIDED = ['Queue', 'Audit'] as const;

export const reviewApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    materialQueue: build.query({ queryFn: viaOperator(CALLS.materials), providesTags: ['Queue'] }),
    manuscriptQueue: build.query({ queryFn: viaOperator(CALLS.manuscripts), providesTags: ['Queue'] }),
    certificationQueue: build.query({ queryFn: viaOperator(CALLS.certifications), providesTags: ['Queue'] }),
    decideMaterials: build.mutation({ queryFn: viaOperator(CALLS.decideMaterials), invalidatesTags: [...DECIDED] }),
    decideManuscripts: build.mutation({ queryFn: viaOperator(CALLS.decideManuscripts), invalidatesTags: [...DECIDED] }),
    decideCertification: build.mutation({ queryFn: viaOperator(CALLS.decideCertification), invalidatesTags: [...DECIDED] }),
  }),
});

export const {
  useMaterialQueueQuery,
  useManuscriptQueueQuery,
  useCertificationQueueQuery,
  useDecideMaterialsMutation,
  useDecideManuscriptsMutation,
  useDecideCertificationMutation,
} = reviewApi;
