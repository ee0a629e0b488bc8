/** Splits the operator's files (one multi-page PDF, or one PDF per page) into one PDF per page. */
import { PDFDocument } from 'pdf-lib';

export async function splitIntoPages(files: readonly Uint8Array[]): Promise<Uint8Array[]> {
  const pages: Uint8Array[] = [];
  for (const [index, file] of files.entries()) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(file, { updateMetadata: false });
    } catch (error) {
      throw new Error(`file ${index + 1} is not a readable PDF: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    for (const pageIndex of source.getPageIndices()) {
      const single = await PDFDocument.create();
      const [copied] = await single.copyPages(source, [pageIndex]);
      if (copied) single.addPage(copied);
      pages.push(await single.save());
    }
  }
  return pages;
}
