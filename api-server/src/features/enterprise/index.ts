/**
 * Enterprise certification: the enterprise data of the user dropdown (docs/product.md §7; status 2 means
 * certified), my application and applying. The operator's review is in certification-store.ts
 * (CLI `certification-review`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { certification as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { applyForCertification, certificationState } from './certification-store';

const enterprise: FastifyPluginAsync = async (app) => {
  serve(app, contract.enterpriseIndex, async (request) => {
    const { user } = requireAuth(request);
    return ok({ status: user.enterprise_status, cert_audit_status: user.enterprise_cert_audit_status });
  });

  serve(app, contract.enterpriseApplication, async (request) => ok(await certificationState(app.db, app.storage, requireAuth(request).user, 'enterprise')));

  serve(app, contract.enterpriseApply, async (request) => {
    const { user } = requireAuth(request);
    await applyForCertification(app.db, app.storage, user, 'enterprise', request.body);
    return ok(await certificationState(app.db, app.storage, user, 'enterprise'), '提交成功，请等待审核');
  });
};

export default enterprise;
