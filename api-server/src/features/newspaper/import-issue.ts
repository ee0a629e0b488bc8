/**
 * The operator's import of one issue, used by the CLI and the demo seed: split the files into pages,
 * render each page's image, store both, then switch the issue to the new pages in one transaction.
 * Objects are written under a fresh import id, so nothing a reader can see is ever overwritten; the
 * replaced set is deleted after the switch.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { type IssuePage, switchIssuePages } from './issue-store';
import { parseIssueDate, parseIssueType } from './issue-params';
import type { PageRenderer } from './page-renderer';
import { splitIntoPages } from './pdf-pages';

export interface ImportDependencies {
  db: Kysely<Database>;
  storage: ObjectStore;
  renderer: PageRenderer;
  /** Runs in the transaction that switches the issue's pages (an operator's audit row). */
  alsoInTransaction?: (tx: Kysely<Database>, info: { type: number; date: string; importId: string; pages: number; replacedPages: number }) => Promise<void>;
}

export interface ImportRequest {
  type: number | string;
  date: string;
  /** PDF files in page order: one multi-page file, or one file per page. */
  files: readonly Uint8Array[];
}

export interface ImportResult {
  type: number;
  date: string;
  importId: string;
  pages: number;
  /** Objects of the replaced import that were deleted (0 on a first import). */
  replacedObjects: number;
}

export class ImportRefusal extends Error {}

export function newImportId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export async function importIssue(deps: ImportDependencies, request: ImportRequest): Promise<ImportResult> {
  const type = parseIssueType(request.type);
  if (type === null) throw new ImportRefusal(`Unknown newspaper type "${request.type}" (1 to 8).`);
  const date = parseIssueDate(request.date);
  if (date === null) throw new ImportRefusal(`"${request.date}" is not a day in the form YYYY-MM-DD.`);
  if (!request.files.length) throw new ImportRefusal('No PDF file given.');

  const pdfs = await splitIntoPages(request.files);
  if (!pdfs.length) throw new ImportRefusal('The PDF files have no pages.');

  const importId = newImportId();
  const prefix = `newspaper/${type}/${date}/${importId}`;
  const written: string[] = [];
  try {
    const pages: IssuePage[] = [];
    for (const [index, pdf] of pdfs.entries()) {
      const pageNo = index + 1;
      const image = await deps.renderer.render(pdf);
      const pdfKey = `${prefix}/${pageNo}.pdf`;
      const imgKey = `${prefix}/${pageNo}.${image.extension}`;
      await deps.storage.put(pdfKey, Buffer.from(pdf), 'application/pdf');
      written.push(pdfKey);
      await deps.storage.put(imgKey, image.body, image.contentType);
      written.push(imgKey);
      pages.push({ pageNo, pdfKey, imgKey });
    }
    const replaced = await switchIssuePages(
      deps.db,
      { type, date },
      importId,
      pages,
      deps.alsoInTransaction && ((tx, replacedPages) => deps.alsoInTransaction!(tx, { type, date, importId, pages: pages.length, replacedPages })),
    );
    written.length = 0; // committed: these objects are the issue's now
    await deleteQuietly(deps.storage, replaced);
    return { type, date, importId, pages: pages.length, replacedObjects: replaced.length };
  } finally {
    // An import that failed before its switch leaves nothing behind.
    await deleteQuietly(deps.storage, written);
  }
}

async function deleteQuietly(storage: ObjectStore, keys: readonly string[]): Promise<void> {
  // A key left behind costs disk space only: nothing points at it any more.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
