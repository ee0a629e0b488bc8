/** Newspaper import over HTTP (the PDF streamed as the request body) and the list of imported issues. */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from 'shared-sdk/contract';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { invalid } from '../../lib/api-error';
import { bytes } from '../../lib/bytes';
import { serve } from '../../lib/contract-route';
import { requireOperator } from '../../plugins/app/operator-auth';
import { type ImportDependencies, ImportRefusal, importIssue } from '../newspaper/import-issue';
import { paperName } from '../newspaper/issue-params';
import { createProcessRenderer } from '../newspaper/render-process';
import type { OperatorActor } from './actor';
import { writeAudit } from './audit';

/**
 * The audit row of an issue's import, for `importIssue`'s `alsoInTransaction` (written in the
 * transaction that switches the issue's pages): the route's and the command line's.
 */
export const recordNewspaperImport =
  (actor: OperatorActor, bytes: number): NonNullable<ImportDependencies['alsoInTransaction']> =>
  (tx, info) =>
    writeAudit(tx, actor, [
      {
        action: 'newspaper.import',
        targetType: 'newspaper',
        targetId: `${info.type}/${info.date}`,
        after: { paper: paperName(info.type), pages: info.pages, import_id: info.importId, bytes, replaced_pages: info.replacedPages },
      },
    ]);

export function registerNewspaperRoutes(app: FastifyInstance): void {
  serve(app, contract.newspaperImport, async (request) => {
    const actor = requireOperator(request);
    const { type, date } = request.query;
    const file: unknown = request.body;
    if (typeof file !== 'string') throw invalid('参数错误：请以 application/pdf 上传 PDF 文件');
    const pdf = bytes(await readFile(file));
    if (!pdf.length) throw invalid('参数错误：请上传 PDF 文件');
    // Pages render in a short-lived child process (pdf.js's memory leaves with it).
    const renderer = createProcessRenderer();
    try {
      const result = await importIssue(
        {
          db: app.db,
          storage: app.storage,
          renderer,
          // The audit row is written in the transaction that switches the issue's pages.
          alsoInTransaction: recordNewspaperImport(actor, pdf.length),
        },
        { type, date, files: [pdf] },
      );
      const issue = await app.db
        .selectFrom('newspaper_issues')
        .select('imported_at')
        .where('type', '=', result.type)
        .where('issue_date', '=', result.date)
        .executeTakeFirstOrThrow();
      return ok(
        { type: result.type, paper: paperName(result.type), date: result.date, pages: result.pages, imported_at: issue.imported_at.toISOString() },
        '导入成功',
      );
    } catch (error) {
      if (error instanceof ImportRefusal) throw invalid(`参数错误：${error.message}`);
      // pdf-lib's own errors: the bytes are not a PDF it can read.
      if (error instanceof Error && /pdf|parse|header/i.test(error.message) && !(error instanceof TypeError)) throw invalid('参数错误：文件不是可读取的 PDF');
      throw error;
    } finally {
      await renderer.close();
    }
  });

  serve(app, contract.newspaperImports, async (request) => {
    const { type, page = 1, size = 20 } = request.query;
    let list = app.db.selectFrom('newspaper_issues').select(['type', 'issue_date', 'page_count', 'imported_at']);
    let count = app.db.selectFrom('newspaper_issues').select(sql<string>`count(*)`.as('n'));
    if (type) {
      list = list.where('type', '=', type);
      count = count.where('type', '=', type);
    }
    const [rows, total] = await Promise.all([
      list
        .orderBy('issue_date', 'desc')
        .orderBy('type')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return ok({
      list: rows.map((r) => ({ type: r.type, paper: paperName(r.type), date: r.issue_date, pages: r.page_count, imported_at: r.imported_at.toISOString() })),
      total: Number(total.n),
      page,
      size,
    });
  });
}
