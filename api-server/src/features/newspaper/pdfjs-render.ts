/** pdf.js in Node: kept in its own module so the server loads it only when an import runs. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { VerbosityLevel, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
// The 14 standard PDF fonts are not embedded in most files; pdf.js reads their data from here.
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

export async function renderFirstPage(pdf: Uint8Array, width: number): Promise<Canvas> {
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
  const task = getDocument({ data: pdf.slice(), isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS, verbosity: VerbosityLevel.ERRORS });
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    // Newspapers are printed on white; a transparent background would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas implements the 2D context pdf.js draws on; its types are its own, not the DOM's.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return canvas;
  } finally {
    await document.destroy();
  }
}
