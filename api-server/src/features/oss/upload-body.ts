/**
 * A storage write's body as a stream straight from the socket: never parsed, copied whole or
 * walked, only read as far as the route needs (its first bytes, to type user content), then
 * streamed on into the store, which hashes it and enforces the size limit on the way.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { type FastifyReply, errorCodes } from 'fastify';
import { SNIFF_HEAD_BYTES, type SniffedContent, sniffStored } from '../../storage/content-sniff';
import { MAX_SVG_BYTES, looksLikeSvg } from '../../storage/svg-policy';

/** The request cut off before its end (the client went away): a caller's failure, not ours. */
export class UploadCutOffError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('the upload ended before its body did');
  }
}

/**
 * HTTP 413 with the envelope (plugins/app/error-handler.ts), as Fastify's own body limit answers it:
 * the connection is to close after the answer, since the body was left unread (the error handler
 * keeps it open once it has drained the rest).
 */
export function bodyTooLarge(reply: FastifyReply): Error {
  reply.header('connection', 'close');
  return new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
}

export interface UploadBody {
  stream: Readable;
  /** Stops reading the request (after a refusal, so the error handler can drain or close it). */
  release(): void;
}

/**
 * The request body through a pass-through of its own: when the store gives up on it (too large),
 * the request itself is only unpiped, not destroyed, so the client still gets its 413.
 */
export function uploadBody(raw: IncomingMessage): UploadBody {
  const stream = new PassThrough();
  raw.pipe(stream);
  const onClose = () => {
    if (!raw.complete) stream.destroy(new UploadCutOffError());
  };
  raw.once('close', onClose);
  return {
    stream,
    release: () => {
      raw.off('close', onClose);
      raw.unpipe(stream);
      stream.destroy();
    },
  };
}

export interface Peeked {
  head: Buffer;
  /** The stream ended within `length` bytes: `head` is all of it. */
  ended: boolean;
  /** The whole stream again, `head` included. */
  body: Readable;
}

/** Reads up to `length` first bytes of a stream and hands back a stream of everything. */
export async function peek(source: Readable, length: number): Promise<Peeked> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let total = 0;
  let ended = false;
  while (total < length) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    total += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const body = Readable.from(
    (async function* all() {
      if (head.length) yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  return { head: head.subarray(0, length), ended, body };
}

/**
 * User content typed by its first bytes as it arrives; an SVG (the only type judged on the whole
 * document) is held until its end only while it is small enough to judge.
 */
export async function sniffArriving(source: Readable): Promise<{ sniffed: SniffedContent; body: Readable }> {
  let peeked = await peek(source, SNIFF_HEAD_BYTES);
  if (!peeked.ended && looksLikeSvg(peeked.head)) peeked = await peek(peeked.body, MAX_SVG_BYTES + 1);
  const size = peeked.ended ? peeked.head.length : Number.MAX_SAFE_INTEGER;
  const sniffed = await sniffStored(peeked.head, size, () => Promise.resolve(null));
  return { sniffed, body: peeked.body };
}
