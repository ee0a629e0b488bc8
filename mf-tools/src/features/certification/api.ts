import { baseApi, type CertificationApplyRequest, type CertificationState, type CertKind } from 'shared-sdk';

const PATHS: Record<CertKind, { state: string; apply: string }> = {
  enterprise: { state: '/api/enterpriseUser/application', apply: '/api/enterpriseUser/apply' },
  gov: { state: '/api/govAffairs/index', apply: '/api/govAffairs/apply' },
};

/** A screen's first call; /govAffairs and /enterprise declare the same one for the host to start early (expose/routes.ts). */
export const certificationStateRequest = (kind: CertKind) => ({ url: PATHS[kind].state, method: 'POST' as const, skipErrorHandler: true });

// The screens show their own failures (skipErrorHandler): a refusal belongs next to the form.
export const certificationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Certification'] }).injectEndpoints({
  endpoints: (build) => ({
    certificationState: build.query<CertificationState, CertKind>({
      query: certificationStateRequest,
      providesTags: (_result, _error, kind) => [{ type: 'Certification', id: kind }],
    }),
    applyCertification: build.mutation<CertificationState, { kind: CertKind; form: CertificationApplyRequest }>({
      query: ({ kind, form }) => ({ url: PATHS[kind].apply, method: 'POST', body: { ...form }, skipErrorHandler: true }),
      // The shell's dropdown reads the enterprise data: it moves to 审核中 at once.
      invalidatesTags: (_result, _error, { kind }) => [{ type: 'Certification', id: kind }, 'Enterprise'],
    }),
  }),
});

export const { useCertificationStateQuery, useApplyCertificationMutation } = certificationApi;
