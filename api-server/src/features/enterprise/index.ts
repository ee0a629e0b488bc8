/** Enterprise certification state for the user dropdown (spec §7; status 2 means certified). */
import type { FastifyPluginAsync } from 'fastify';
import { type EnterpriseAnswer, ok } from 'shared-sdk/contract';
import { envelope, int, objectOf } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';

const enterprise: FastifyPluginAsync = async (app) => {
  app.post('/api/enterpriseUser/index', { schema: { response: { 200: envelope(objectOf({ status: int, cert_audit_status: int })) } } }, async (request) => {
    const { user } = requireAuth(request);
    return ok<EnterpriseAnswer>({ status: user.enterprise_status, cert_audit_status: user.enterprise_cert_audit_status });
  });
};

export default enterprise;
