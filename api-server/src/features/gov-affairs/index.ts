/** Government-affairs accounts (政务号): my application and applying; reviewed like enterprises. */
import type { FastifyPluginAsync } from 'fastify';
import { type CertificationApplyRequest, type CertificationState, ok } from 'shared-sdk/contract';
import { requireAuth } from '../../plugins/app/auth';
import { applyForCertification, certificationState } from '../enterprise/certification-store';
import { applyBody, stateAnswer } from '../enterprise/schemas';

const govAffairs: FastifyPluginAsync = async (app) => {
  app.post('/api/govAffairs/index', { schema: { response: { 200: stateAnswer } } }, async (request) =>
    ok<CertificationState>(await certificationState(app.db, app.storage, requireAuth(request).user, 'gov')),
  );

  app.post<{ Body: CertificationApplyRequest }>('/api/govAffairs/apply', { schema: { body: applyBody, response: { 200: stateAnswer } } }, async (request) => {
    const { user } = requireAuth(request);
    await applyForCertification(app.db, app.storage, user, 'gov', request.body);
    return ok<CertificationState>(await certificationState(app.db, app.storage, user, 'gov'), '提交成功，请等待审核');
  });
};

export default govAffairs;
