/** Government-affairs accounts (政务号): my application and applying; reviewed like enterprises. */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from 'shared-sdk/contract';
import { certification as contract } from 'shared-sdk/contract/schemas';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { applyForCertification, certificationState } from '../enterprise/certification-store';

const govAffairs: FastifyPluginAsync = async (app) => {
  serve(app, contract.govAffairsIndex, async (request) => ok(await certificationState(app.db, app.storage, requireAuth(request).user, 'gov')));

  serve(app, contract.govAffairsApply, async (request) => {
    const { user } = requireAuth(request);
    await applyForCertification(app.db, app.storage, user, 'gov', request.body);
    return ok(await certificationState(app.db, app.storage, user, 'gov'), '提交成功，请等待审核');
  });
};

export default govAffairs;
