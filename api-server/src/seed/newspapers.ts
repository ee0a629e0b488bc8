/**
 * Demo issues: today and the two days before, for each of the eight papers, generated here and
 * imported through the operator's import. Runs only while no issue exists at all, so a database
 * with real imports is never touched. Today's issues go first: they are what the viewer opens on.
 */
import type { FastifyInstance } from 'fastify';
import { NEWSPAPERS } from 'shared-sdk/contract';
import { countIssues } from '../features/newspaper/issue-store';
import { type ImportDependencies, importIssue } from '../features/newspaper/import-issue';
import { createProcessRenderer } from '../features/newspaper/render-process';
import { demoIssuePdf } from './demo-newspaper-pdf';

export const DEMO_NEWSPAPER_DAYS = 3;

/** 'YYYY-MM-DD' of the local calendar day `daysBack` days before `today` (the browser's "today"). */
export function localDay(today: Date, daysBack: number): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysBack);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Returns the number of issues imported (0 when issues already existed). */
export async function seedDemoNewspapers(deps: ImportDependencies, today = new Date(), days = DEMO_NEWSPAPER_DAYS): Promise<number> {
  if ((await countIssues(deps.db)) > 0) return 0;
  let imported = 0;
  for (let back = 0; back < days; back += 1) {
    const date = localDay(today, back);
    for (const paper of NEWSPAPERS) {
      const pages = 2 + ((paper.value + back) % 3);
      await importIssue(deps, { type: paper.value, date, files: [await demoIssuePdf(paper.value, date, pages)] });
      imported += 1;
    }
  }
  return imported;
}

/**
 * Main calls this after listening: the import takes a few seconds of CPU on a first start, and the
 * server should answer meanwhile (the viewer shows its empty state until the issues land). Pages
 * render in a child process that ends with the import, so pdf.js's memory never stays with the
 * server. Resolves when the import has ended, either way (it never rejects).
 */
export function seedDemoNewspapersInBackground(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  const renderer = createProcessRenderer();
  return seedDemoNewspapers({ db: app.db, storage: app.storage, renderer })
    .then(
      (issues) => {
        if (issues) app.log.info({ issues, ms: Date.now() - started }, 'demo newspaper issues imported');
      },
      (error: unknown) => app.log.warn({ err: error }, 'demo newspaper import stopped'),
    )
    .finally(() => renderer.close());
}
