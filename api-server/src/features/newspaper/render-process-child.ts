/** The child of render-process.ts: renders one page per message with the pdf.js renderer. */
import { type PageImage, type PdfjsRendererOptions, createPdfjsRenderer } from './page-renderer';

export interface RenderRequest {
  id: number;
  pdf: Uint8Array;
  options: PdfjsRendererOptions;
}

export type RenderReply = { id: number; image: PageImage } | { id: number; error: string };

if (process.send) {
  const send = process.send.bind(process);
  process.on('message', (request: RenderRequest) => {
    createPdfjsRenderer(request.options)
      .render(request.pdf)
      .then(
        (image) => send({ id: request.id, image } satisfies RenderReply),
        (error: unknown) => send({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
      );
  });
  // Parent gone or done: the channel closes, and nothing else keeps this process alive.
  process.on('disconnect', () => process.exit(0));
}
