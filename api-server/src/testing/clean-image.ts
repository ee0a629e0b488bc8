/**
 * The clean step the screens take after uploading an image (features/media/clean-copies.ts), for
 * tests that upload an image as the browser does and then save it: only the clean copy is saved.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ApiCode, type CleanImage } from 'shared-sdk/contract';
import { body, signed } from './signed';

/** `POST /api/upload/tos/cleanImage` as the caller: the answer, whatever it is. */
export async function cleanImageCall(app: FastifyInstance, token: string | undefined, url: string) {
  return body<CleanImage>(await signed(app, { method: 'POST', url: '/api/upload/tos/cleanImage', token, params: { url } }));
}

/** The clean copy's URL of an uploaded image (the upload must clean). */
export async function cleanedUrl(app: FastifyInstance, token: string | undefined, url: string): Promise<string> {
  const answer = await cleanImageCall(app, token, url);
  assert.equal(answer.code, ApiCode.OK, answer.msg);
  return answer.data.url;
}
