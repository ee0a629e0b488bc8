/**
 * GET /api/upload/tos/token (docs/product.md §7): storage credentials for the browser's direct uploads.
 * - Embedded storage: it answers on the same origin under /oss, so `endpoint` is that path and the
 *   browser resolves it against the page (shared-sdk/src/upload); the credentials are minted here.
 * - An OSS bucket (OSS_BUCKET): `endpoint` is the OSS host (or, with `cname: true`, the custom
 *   domain bound to the bucket), `regionId` the region the browser signs V4 with, and the
 *   credentials come from Alibaba Cloud STS (AssumeRole with a policy limited to the user's keys).
 * Extra fields beyond docs/product.md §7: `keyScope` (the key segment the credentials may write under) and
 * `expiration`.
 *
 * The call says what is about to be uploaded (`kind`, `size`, `ext`: grants.ts): then the limits
 * are checked before a byte is sent and the credentials write one new key only (`key`); a bucket's
 * STS policy names that key alone. `key` asks again for the credentials of that upload (ali-oss
 * renews them during a long one). With a bucket one of the two is required: nothing of ours sees
 * the bytes there. Without either, the embedded storage still hands out scope-wide credentials (it
 * bounds every write as it streams).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, type TosToken, ok } from 'shared-sdk/contract';
import type { uploads as uploadSchemas } from 'shared-sdk/contract/schemas';
import { uploads as contract } from 'shared-sdk/contract/schemas';
import type { OssBucketConfig } from '../../config';
import { ApiError, invalid } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { EMBEDDED_REGION, OSS_PATH, uploadOriginFor } from '../../plugins/app/storage';
import { parseEndpoint } from '../../storage/oss-object-store';
import { type UploadCredentials, mintCredentials, scopeFor, uploadSecret, uploadTokenTtlMs } from './credentials';
import { grantUpload, renewGrant } from './grants';
import { StsError, assumeUploadRole, stsDurationSeconds } from './sts';

export const STS_FAILED_MESSAGE = '上传凭证获取失败，请稍后重试';
/** A bucket's token call that does not say what it is for. */
export const INTENT_REQUIRED_MESSAGE = '请选择要上传的文件后再获取上传凭证';

/** What the embedded video service does with a committed upload (features/video). */
export const TRANSCODE_FLOW_ID = 'h264-aac-mp4';

const upload: FastifyPluginAsync = async (app) => {
  const bucket: OssBucketConfig | null = app.config.ossBucket;

  /** Credentials for the caller's own key scope: minted here (embedded storage) or by STS (a bucket). */
  /** The one key these credentials are for: granted now, or renewed; undefined for scope-wide ones (embedded only). */
  async function keyFor(uid: number, intent: uploadSchemas.UploadIntent): Promise<string | undefined> {
    if (intent.key !== undefined) return renewGrant({ db: app.db }, uid, intent.key);
    if (intent.kind !== undefined && intent.size !== undefined) {
      return grantUpload({ db: app.db, storage: app.storage, limits: app.config.storageLimits }, uid, {
        kind: intent.kind,
        size: intent.size,
        ext: intent.ext ?? 'bin',
      });
    }
    if (bucket) throw invalid(INTENT_REQUIRED_MESSAGE);
    return undefined;
  }

  async function credentialsFor(request: FastifyRequest<{ Querystring: uploadSchemas.UploadIntent }>): Promise<TosToken> {
    const { user, sessionId } = requireAuth(request);
    const keyScope = scopeFor(user.id);
    const key = await keyFor(user.id, request.query);
    const forKey = key !== undefined ? { key } : {};
    if (!bucket) {
      const credentials = mintCredentials(uploadSecret(), { uid: user.id, sessionId, ...forKey }, uploadTokenTtlMs());
      // With the storage thread (STORAGE_PORT), the bytes go to its port; reads stay under /oss here.
      const uploadOrigin = uploadOriginFor(app.config, request.headers.host);
      return {
        regionId: EMBEDDED_REGION,
        endpoint: OSS_PATH,
        bucket: app.storage.bucket,
        keyScope,
        ...credentials,
        ...(uploadOrigin ? { uploadOrigin } : {}),
        ...forKey,
      };
    }
    let credentials: UploadCredentials;
    try {
      credentials = await assumeUploadRole(bucket, { bucket: bucket.bucket, uid: user.id, durationSeconds: stsDurationSeconds(uploadTokenTtlMs()), ...forKey });
    } catch (error) {
      if (!(error instanceof StsError)) throw error;
      request.log.error({ sts: { status: error.status, code: error.code, requestId: error.requestId }, userId: user.id }, error.message);
      throw new ApiError(ApiCode.SERVER_ERROR, STS_FAILED_MESSAGE, 502);
    }
    // The browser's ali-oss takes a host and adds https and the bucket itself (not in front of a
    // custom domain: `cname`). It signs V4 with the region.
    const domain = bucket.cname ? { cname: true } : {};
    return { regionId: bucket.region, endpoint: parseEndpoint(bucket.endpoint).host, bucket: bucket.bucket, keyScope, ...credentials, ...domain, ...forKey };
  }

  serve(app, contract.uploadToken, async (request, reply) => {
    // Credentials must never be cached by a proxy or the browser.
    reply.header('cache-control', 'no-store');
    return ok(await credentialsFor(request));
  });

  // docs/product.md §7: videos go to storage with the same kind of credentials (under video/…), then to
  // POST /api/upload/vod/commit, which transcodes them.
  serve(app, contract.videoUploadToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const credentials = await credentialsFor(request);
    return ok({ ...credentials, spaceName: credentials.bucket, transcodeFLowId: TRANSCODE_FLOW_ID });
  });
};

export default upload;
