/**
 * The newspaper host's call (docs/product.md §7): GET /bigscreen/hisPaper?date=YYYY-MM-DD&type=1..8 answers the
 * issue's pages `[{img, pdf}]` in page order; a day without an issue answers an empty list.
 * Issues come from the operator import (import-issue.ts, CLI `newspaper:import`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { newspaper as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { authenticateByHeader } from './header-auth';
import { findIssuePages } from './issue-store';
import { parseIssueDate, parseIssueType } from './issue-params';

const newspaper: FastifyPluginAsync = async (app) => {
  serve(
    app,
    contract.hisPaper,
    async (request) => {
      // The query is parsed here again, validation failures included (attachValidation): the
      // refusal names the field in words ("报纸类型", "日期"), and an impossible day (02-30) passes
      // the schema's pattern.
      const type = parseIssueType(request.query.type);
      if (type === null) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：报纸类型 type 应为 1 到 8');
      const date = parseIssueDate(request.query.date);
      if (date === null) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：日期 date 格式应为 YYYY-MM-DD 且为有效日期');
      const pages = await findIssuePages(app.db, { type, date });
      return ok(pages.map((page) => ({ img: app.storage.publicUrl(page.imgKey), pdf: app.storage.publicUrl(page.pdfKey) })));
    },
    // Not signed (another host, docs/product.md §7): the Authorization header authenticates it instead.
    { preValidation: authenticateByHeader, attachValidation: true },
  );
};

export default newspaper;
