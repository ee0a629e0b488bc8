/**
 * A stand-in issue for the demo: an A3-proportioned page with the masthead, the day and the page
 * number drawn large. pdf-lib's standard fonts have no Chinese glyphs, so the masthead is in pinyin;
 * the viewer shows the Chinese names.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';

export const PAPER_PINYIN: Record<number, string> = {
  1: 'HENAN RIBAO',
  2: 'HENAN SHANGBAO',
  3: 'DAHE BAO',
  4: 'XIN MEITI',
  5: 'DISHI DANGBAO',
  6: 'HENAN RIBAO NONGCUN BAN',
  7: 'DAHE JIANKANG BAO',
  8: 'FAZHI BAO',
};

const WIDTH = 595;
const HEIGHT = 842;
const RED = rgb(0.72, 0.05, 0.05);
const GREY = rgb(0.82, 0.82, 0.82);

function drawPage(page: PDFPage, fonts: { bold: PDFFont; regular: PDFFont }, masthead: string, date: string, pageNo: number, pages: number): void {
  const size = Math.min(44, (WIDTH - 80) / fonts.bold.widthOfTextAtSize(masthead, 1));
  page.drawText(masthead, { x: 40, y: HEIGHT - 90, size, font: fonts.bold, color: RED });
  page.drawRectangle({ x: 40, y: HEIGHT - 110, width: WIDTH - 80, height: 3, color: RED });
  page.drawText(`${date}   PAGE ${pageNo} / ${pages}`, { x: 40, y: HEIGHT - 135, size: 14, font: fonts.regular });
  page.drawText(String(pageNo).padStart(2, '0'), { x: 40, y: 330, size: 220, font: fonts.bold, color: rgb(0.15, 0.15, 0.15) });
  page.drawText(date, { x: 44, y: 280, size: 40, font: fonts.bold });
  // Grey bars in columns, so the thumbnail reads as a newspaper page.
  for (let column = 0; column < 3; column += 1) {
    for (let line = 0; line < 9; line += 1) {
      const x = 40 + column * ((WIDTH - 80) / 3);
      page.drawRectangle({ x, y: HEIGHT - 180 - line * 14, width: (WIDTH - 80) / 3 - 14, height: 6, color: GREY });
    }
  }
  for (let line = 0; line < 12; line += 1) {
    page.drawRectangle({ x: 40, y: 230 - line * 16, width: WIDTH - 80 - (line % 4) * 40, height: 6, color: GREY });
  }
}

/** One multi-page PDF for a paper's issue of `date`. */
export async function demoIssuePdf(type: number, date: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = { bold: await doc.embedFont(StandardFonts.HelveticaBold), regular: await doc.embedFont(StandardFonts.Helvetica) };
  const masthead = PAPER_PINYIN[type] ?? `PAPER ${type}`;
  doc.setTitle(`${masthead} ${date}`);
  for (let pageNo = 1; pageNo <= pages; pageNo += 1) {
    drawPage(doc.addPage([WIDTH, HEIGHT]), fonts, masthead, date, pageNo, pages);
  }
  return doc.save();
}
