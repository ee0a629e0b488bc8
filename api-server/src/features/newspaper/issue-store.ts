/**
 * The issue rows. Readers follow the issue's import_id to its pages, and an import moves that pointer
 * in one transaction, so a read sees one complete page set.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface IssuePage {
  pageNo: number;
  pdfKey: string;
  imgKey: string;
}

export interface IssueKey {
  type: number;
  date: string;
}

/** The pages readers see for an issue, in page order; empty when the day has no issue. */
export async function findIssuePages(db: Db, issue: IssueKey): Promise<IssuePage[]> {
  const rows = await db
    .selectFrom('newspaper_pages as p')
    .innerJoin('newspaper_issues as i', (join) => join.onRef('i.id', '=', 'p.issue_id').onRef('i.import_id', '=', 'p.import_id'))
    .select(['p.page_no', 'p.pdf_key', 'p.img_key'])
    .where('i.type', '=', issue.type)
    .where('i.issue_date', '=', issue.date)
    .orderBy('p.page_no')
    .execute();
  return rows.map((row) => ({ pageNo: row.page_no, pdfKey: row.pdf_key, imgKey: row.img_key }));
}

/**
 * Makes `pages` the issue's page set and returns the object keys of the set it replaced, for the
 * caller to delete once the switch is committed. Two imports of one issue queue on the issue's row.
 */
export async function switchIssuePages(
  db: Db,
  issue: IssueKey,
  importId: string,
  pages: readonly IssuePage[],
  /** Runs in the same transaction once the pages are switched (an operator's audit row). */
  alsoInTransaction?: (tx: Db, replacedPages: number) => Promise<void>,
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('newspaper_issues')
      .values({ type: issue.type, issue_date: issue.date, import_id: importId, page_count: pages.length })
      .onConflict((oc) => oc.columns(['type', 'issue_date']).doUpdateSet({ import_id: importId, page_count: pages.length, imported_at: new Date() }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = await tx.deleteFrom('newspaper_pages').where('issue_id', '=', id).returning(['pdf_key', 'img_key']).execute();
    await tx
      .insertInto('newspaper_pages')
      .values(pages.map((page) => ({ issue_id: id, import_id: importId, page_no: page.pageNo, pdf_key: page.pdfKey, img_key: page.imgKey })))
      .execute();
    await alsoInTransaction?.(tx, old.length);
    return old.flatMap((row) => [row.pdf_key, row.img_key]);
  });
}

export async function countIssues(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('newspaper_issues')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
