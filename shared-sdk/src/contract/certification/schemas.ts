/**
 * Enterprise certification and government-affairs accounts (政务号): the dropdown's enterprise data,
 * my application, applying. Both kinds share one application shape and one review.
 */
import { type Static, Type } from 'typebox';
import { CERT_LIMITS } from './values';
import { Text } from '../core/common';
import { defineRoute } from '../core/route';

export const CertificationApply = Type.Object({
  org_name: Text(CERT_LIMITS.orgNameMax * 2),
  credit_code: Text(40),
  /** An image the applicant uploaded to the product's storage (their own object). */
  licence_url: Text(1000),
  contact_name: Text(CERT_LIMITS.contactNameMax * 2),
  contact_phone: Text(20),
});
export type CertificationApply = Static<typeof CertificationApply>;

export const CertificationState = Type.Object({
  cert_audit_status: Type.Integer(),
  /** The operator's reason when the status is 4, else ''. */
  reason: Type.String(),
  /** null while nothing was submitted. */
  application: Type.Union([
    Type.Object({
      ...CertificationApply.properties,
      submit_time: Type.String(),
      review_time: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type CertificationState = Static<typeof CertificationState>;

const APPLY_DESCRIPTION =
  "Checked like the form (GB 32100-2015 check character, phone); the licence must be the caller's own uploaded image. Only with no application or after a failure, else 1009. msg 提交成功，请等待审核.";

export const enterpriseIndex = defineRoute({
  method: 'POST',
  url: '/api/enterpriseUser/index',
  operationId: 'enterpriseIndex',
  summary: 'Enterprise data of the user dropdown (status 2: certified)',
  tag: 'enterprise',
  data: Type.Object({ status: Type.Integer(), cert_audit_status: Type.Integer() }),
});

export const enterpriseApplication = defineRoute({
  method: 'POST',
  url: '/api/enterpriseUser/application',
  operationId: 'enterpriseApplication',
  summary: 'My enterprise certification application',
  tag: 'enterprise',
  data: CertificationState,
});

export const enterpriseApply = defineRoute({
  method: 'POST',
  url: '/api/enterpriseUser/apply',
  operationId: 'enterpriseApply',
  summary: 'Apply for enterprise certification',
  description: APPLY_DESCRIPTION,
  tag: 'enterprise',
  body: CertificationApply,
  data: CertificationState,
});

export const govAffairsIndex = defineRoute({
  method: 'POST',
  url: '/api/govAffairs/index',
  operationId: 'govAffairsIndex',
  summary: 'My government-affairs account application',
  tag: 'gov-affairs',
  data: CertificationState,
});

export const govAffairsApply = defineRoute({
  method: 'POST',
  url: '/api/govAffairs/apply',
  operationId: 'govAffairsApply',
  summary: 'Apply for a government-affairs account',
  description: APPLY_DESCRIPTION,
  tag: 'gov-affairs',
  body: CertificationApply,
  data: CertificationState,
});
