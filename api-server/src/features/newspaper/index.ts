/**
 * The newspaper host's call (spec §7): GET /bigscreen/hisPaper?date=YYYY-MM-DD&type=1..8 answers the
 * issue's pages `[{img, pdf}]` in page order; a day without an issue answers an empty list.
 * Issues come from the operator import (import-issue.ts, CLI `newspaper:import`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, type NewspaperPage, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope, objectOf, str } from '../../lib/schemas';
import { authenticateByHeader } from './header-auth';
import { findIssuePages } from './issue-store';
import { parseIssueDate, parseIssueType } from './issue-params';

const pageList = { type: 'array', items: objectOf({ img: str, pdf: str }) };

const newspaper: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { date?: string; type?: string } }>(
    '/bigscreen/hisPaper',
    {
      // Not signed (another host, spec §7): the Authorization header authenticates it instead.
      config: { auth: 'public' },
      preValidation: authenticateByHeader,
      schema: { response: { 200: envelope(pageList) } },
    },
    async (request) => {
      const type = parseIssueType(request.query.type);
      if (type === null) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：报纸类型 type 应为 1 到 8');
      const date = parseIssueDate(request.query.date);
      if (date === null) throw new ApiError(ApiCode.INVALID_PARAMS, '参数错误：日期 date 格式应为 YYYY-MM-DD 且为有效日期');
      const pages = await findIssuePages(app.db, { type, date });
      return ok<NewspaperPage[]>(pages.map((page) => ({ img: app.storage.publicUrl(page.imgKey), pdf: app.storage.publicUrl(page.pdfKey) })));
    },
  );
};

export default newspaper;
