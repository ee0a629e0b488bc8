/**
 * Turns one page's PDF into the image readers see in the list. An interface, so a server may plug in
 * another renderer (a native one, a rendering service); the default needs nothing but npm packages.
 */
export interface PageImage {
  body: Buffer;
  contentType: string;
  /** File extension of the object key, without the dot. */
  extension: string;
  width: number;
  height: number;
}

export interface PageRenderer {
  /** Renders the first page of `pdf`. */
  render(pdf: Uint8Array): Promise<PageImage>;
}

export interface PdfjsRendererOptions {
  /** Image width in pixels; the height follows the page's aspect ratio. */
  width?: number;
  /**
   * JPEG by default: scanned pages are photographs and compress about 5× better than PNG.
   * PNG keeps small text of vector pages sharper.
   */
  format?: 'jpeg' | 'png';
  /** JPEG quality, 0–100. */
  quality?: number;
}

export const PAGE_IMAGE_WIDTH = 1000;

/** pdf.js (legacy build, for Node) drawing on @napi-rs/canvas; both are loaded on first use. */
export function createPdfjsRenderer(options: PdfjsRendererOptions = {}): PageRenderer {
  const width = options.width ?? PAGE_IMAGE_WIDTH;
  const format = options.format ?? 'jpeg';
  const quality = options.quality ?? 80;
  return {
    async render(pdf) {
      const { renderFirstPage } = await import('./pdfjs-render');
      const canvas = await renderFirstPage(pdf, width);
      const body = format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', quality);
      return {
        body,
        contentType: format === 'png' ? 'image/png' : 'image/jpeg',
        extension: format === 'png' ? 'png' : 'jpg',
        width: canvas.width,
        height: canvas.height,
      };
    },
  };
}
