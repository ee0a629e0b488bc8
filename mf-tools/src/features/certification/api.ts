import { baseApi, routeEndpoint, type CertificationApplyRequest, type CertKind } from 'shared-sdk';
import { certification } from 'shared-sdk/contract/calls';

// The screens show their own failures (skipErrorHandler): a refusal belongs next to the form.
const quiet = { skipErrorHandler: true } as const;

/**
 * Each kind's declared calls: its application's state (a POST without fields) and the apply. The
 * endpoints take their answer types from these declarations, so a call paired with another's
 * answer does not compile.
 */
const calls = {
  gov: {
    state: routeEndpoint(certification.govAffairsIndex, undefined, quiet),
    apply: routeEndpoint(certification.govAffairsApply, (form: CertificationApplyRequest) => ({ ...form }), quiet),
  },
  enterprise: {
    state: routeEndpoint(certification.enterpriseApplication, undefined, quiet),
    apply: routeEndpoint(certification.enterpriseApply, (form: CertificationApplyRequest) => ({ ...form }), quiet),
  },
};

/** A screen's first call; /govAffairs and /enterprise declare the same one for the host to start early (expose/routes.ts). */
export const certificationStateRequest = (kind: CertKind) => calls[kind].state.query();

export const certificationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Certification'] }).injectEndpoints({
  endpoints: (build) => ({
    certificationState: build.query({
      query: certificationStateRequest,
      transformResponse: (data: unknown, _meta, kind: CertKind) => calls[kind].state.transformResponse(data),
      providesTags: (_result, _error, kind) => [{ type: 'Certification', id: kind }],
    }),
    applyCertification: build.mutation({
      query: ({ kind, form }: { kind: CertKind; form: CertificationApplyRequest }) => calls[kind].apply.query(form),
      transformResponse: (data: unknown, _meta, { kind }: { kind: CertKind; form: CertificationApplyRequest }) => calls[kind].apply.transformResponse(data),
      // The shell's dropdown reads the enterprise data: it moves to 审核中 at once.
      invalidatesTags: (_result, _error, { kind }) => [{ type: 'Certification', id: kind }, 'Enterprise'],
    }),
  }),
});

export const { useCertificationStateQuery, useApplyCertificationMutation } = certificationApi;
