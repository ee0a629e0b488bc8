/**
 * Enterprise certification: the enterprise data of the user dropdown (spec §7; status 2 means
 * certified), my application and applying. The operator's review is in certification-store.ts
 * (CLI `certification-review`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { type CertificationApplyRequest, type CertificationState, type EnterpriseAnswer, ok } from 'shared-sdk/contract';
import { envelope, int, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { applyForCertification, certificationState } from './certification-store';
import { applyBody, stateAnswer } from './schemas';

const enterprise: FastifyPluginAsync = async (app) => {
  app.post('/api/enterpriseUser/index', { schema: { response: { 200: envelope(objectOf({ status: int, cert_audit_status: int })) } } }, async (request) => {
    const { user } = requireAuth(request);
    return ok<EnterpriseAnswer>({ status: user.enterprise_status, cert_audit_status: user.enterprise_cert_audit_status });
  });

  app.post('/api/enterpriseUser/application', { schema: { response: { 200: stateAnswer } } }, async (request) =>
    ok<CertificationState>(await certificationState(app.db, app.storage, requireAuth(request).user, 'enterprise')),
  );

  app.post<{ Body: CertificationApplyRequest }>('/api/enterpriseUser/apply', { schema: { body: applyBody, response: { 200: stateAnswer } } }, async (request) => {
    const { user } = requireAuth(request);
    await applyForCertification(app.db, app.storage, user, 'enterprise', request.body);
    return ok<CertificationState>(await certificationState(app.db, app.storage, user, 'enterprise'), '提交成功，请等待审核');
  });
};

export default enterprise;
