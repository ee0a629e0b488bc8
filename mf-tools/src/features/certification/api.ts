import { baseApi, routeQuery, type CertificationApplyRequest, type CertificationState, type CertKind } from 'shared-sdk';
import { certification } from 'shared-sdk/contract/calls';

/** A screen's first call; /govAffairs and /enterprise declare the same one for the host to start early (expose/routes.ts). */
export const certificationStateRequest = (kind: CertKind) =>
  kind === 'gov'
    ? routeQuery(certification.govAffairsIndex, undefined, { skipErrorHandler: true })
    : routeQuery(certification.enterpriseApplication, undefined, { skipErrorHandler: true });

// The screens show their own failures (skipErrorHandler): a refusal belongs next to the form.
export const certificationApi = baseApi.enhanceEndpoints({ addTagTypes: ['Certification'] }).injectEndpoints({
  endpoints: (build) => ({
    certificationState: build.query<CertificationState, CertKind>({
      query: certificationStateRequest,
      providesTags: (_result, _error, kind) => [{ type: 'Certification', id: kind }],
    }),
    applyCertification: build.mutation<CertificationState, { kind: CertKind; form: CertificationApplyRequest }>({
      query: ({ kind, form }) =>
        kind === 'gov'
          ? routeQuery(certification.govAffairsApply, { ...form }, { skipErrorHandler: true })
          : routeQuery(certification.enterpriseApply, { ...form }, { skipErrorHandler: true }),
      // The shell's dropdown reads the enterprise data: it moves to 审核中 at once.
      invalidatesTags: (_result, _error, { kind }) => [{ type: 'Certification', id: kind }, 'Enterprise'],
    }),
  }),
});

export const { useCertificationStateQuery, useApplyCertificationMutation } = certificationApi;
