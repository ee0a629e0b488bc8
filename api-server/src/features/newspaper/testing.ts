/** Test helpers: small PDFs and a renderer that needs no pdf.js, for tests about something else. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PageRenderer } from './page-renderer';

export async function blankPdf(pages: number, label = 'TEST'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) doc.addPage([300, 400]).drawText(`${label} ${n}`, { x: 20, y: 200, size: 24, font });
  return doc.save();
}

/** Answers a fixed tiny "PNG"; `delayMs` lets a test interleave reads with a running import. */
export function fakeRenderer(delayMs = 0): PageRenderer {
  return {
    async render() {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { body: Buffer.from('\x89PNG fake'), contentType: 'image/png', extension: 'png', width: 1, height: 1 };
    },
  };
}
