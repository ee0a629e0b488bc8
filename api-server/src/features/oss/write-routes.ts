/**
 * The writes of the OSS subset: PutObject (with `x-oss-forbid-overwrite`), InitiateMultipartUpload,
 * UploadPart, CompleteMultipartUpload, AbortMultipartUpload, and DeleteObject for the operator's key.
 * Every one is signed (authorize.ts). Bodies are never parsed: they stream from the socket into
 * the store (upload-body.ts), hashed on the way and cut off with 413 as soon as they pass their limit.
 * What upload credentials write is user content: its stored type comes from its bytes
 * (storage/content-sniff.ts: the first bytes), never from the Content-Type the uploader declared, and its key is
 * write-once (a second PUT or multipart completion to a stored key is refused with 409), so a file
 * saved as a material can never be swapped for other bytes. The operator's key writes what it says.
 *
 * Bounded while they stream (storage/limits.ts): a part that would take its upload past the key's
 * object limit is refused as it arrives (413 EntityTooLarge), and upload credentials may keep at most
 * UPLOAD_MAX_OPEN multipart uploads open (403 TooManyOpenUploads) and UPLOAD_QUOTA_GB stored
 * (403 QuotaExceeded: the creator's objects plus the parts of their open uploads).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { drainBody } from '../../plugins/app/error-handler';
import { isSessionUsable } from '../../plugins/app/sessions';
import { OSS_PATH } from '../../plugins/app/storage';
import { SNIFF_HEAD_BYTES, sniffStored } from '../../storage/content-sniff';
import { DiskObjectStore } from '../../storage/disk-object-store';
import {
  type AssemblyPlan,
  DiskMultipartUploads,
  MAX_PART_NUMBER,
  MultipartError,
  type PartReservation,
  UploadLimitError,
} from '../../storage/multipart-uploads';
import { ObjectTooLargeError, type PutOptions, assertValidKey, readAll } from '../../storage/object-store';
import type { FileWrites } from '../../storage/file-sink';
import { MAX_SVG_BYTES } from '../../storage/svg-policy';
import type { UploadGrant } from '../upload/credentials';
import { parseUploadKey } from '../upload/keys';
import { type OssTarget, authorizeOperator, authorizeWrite, parseTarget, storageAccess } from './authorize';
import { type UploadBody, bodyTooLarge, sniffArriving, uploadBody } from './upload-body';
import { parseCompleteParts, requestId, sendError, xmlDocument } from './xml';

/** One request body (a whole object or one part); beyond it, HTTP 413 (plugins/app/error-handler.ts). */
export const BODY_LIMIT = 20 * 1024 * 1024;
/** The largest object a multipart upload may assemble: videos (spec: up to 2 GB) ... */
export const MAX_VIDEO_OBJECT_BYTES = 2 * 1024 ** 3;
/** ... and anything else (images keep the limit they always had). */
export const MAX_OBJECT_BYTES = 200 * 1024 * 1024;
/** How long a multipart upload may go untouched before its parts are removed. */
export const ABANDONED_UPLOAD_MS = 7 * 24 * 60 * 60_000;
/** A CompleteMultipartUpload document listing 10,000 parts is well under this. */
const COMPLETE_XML_MAX_BYTES = 2 * 1024 * 1024;

/** How long a creator's stored bytes, once counted, stand for the quota (writes elsewhere: other threads or replicas). */
const STORED_BYTES_REUSE_MS = 5000;

const maxObjectBytes = (key: string): number => (parseUploadKey(key)?.kind === 'video' ? MAX_VIDEO_OBJECT_BYTES : MAX_OBJECT_BYTES);

type Authorized = OssTarget & { grant: UploadGrant | null };

const ALREADY_EXISTS = 'The object you specified already exists and can not be overwritten.';

export interface WriteRoutesOptions {
  /**
   * Whether upload credentials' login session is still usable. Defaults to reading the session table;
   * the storage thread, which has no database, asks the API's thread (storage-thread.ts).
   */
  sessionUsable?: (sessionId: number) => Promise<boolean>;
  /** Whether this instance removes abandoned multipart uploads (one per process is enough). */
  sweepAbandoned?: boolean;
  /** Who writes the part files: the pool (default) or the thread serving the route (the storage thread). */
  fileWrites?: FileWrites;
}

const writeRoutes: FastifyPluginAsync<WriteRoutesOptions> = async (app, options) => {
  const sessionUsable = options.sessionUsable ?? ((sessionId: number) => isSessionUsable(app.db, sessionId));
  const uploads = new DiskMultipartUploads(path.join(app.config.dataDir, 'storage-multipart'), options.fileWrites);
  // Abandoned multipart uploads go after a week untouched, checked hourly (and once at start).
  const sweep = () =>
    void uploads.sweepAbandoned(ABANDONED_UPLOAD_MS).then(
      (removed) => removed.length && app.log.info({ uploads: removed.length }, 'abandoned multipart uploads removed'),
      (error: unknown) => app.log.warn({ err: error }, 'sweeping abandoned multipart uploads failed'),
    );
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (options.sweepAbandoned === false) return;
    sweep();
    sweeper = setInterval(sweep, 60 * 60_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  const limits = app.config.storageLimits;
  /** A creator's stored bytes, counted at most every few seconds (a disk walk of their folders). */
  const storedBytes = new Map<string, { bytes: Promise<number>; at: number }>();
  function storedBytesOf(scope: string): Promise<number> {
    const known = storedBytes.get(scope);
    if (known && performance.now() - known.at < STORED_BYTES_REUSE_MS) return known.bytes;
    if (storedBytes.size > 1000) storedBytes.clear();
    const bytes = app.storage instanceof DiskObjectStore ? app.storage.scopeBytes(scope) : Promise.resolve(0);
    storedBytes.set(scope, { bytes, at: performance.now() });
    bytes.catch(() => storedBytes.delete(scope));
    return bytes;
  }
  /** Whether `adding` more bytes keep the creator within the quota (their objects and open uploads' parts). */
  async function withinQuota(grant: UploadGrant, adding: number): Promise<boolean> {
    if (!limits.quotaBytes) return true;
    const [stored, open] = await Promise.all([storedBytesOf(grant.scope), uploads.openUploads(grant.scope)]);
    return stored + open.reduce((sum, upload) => sum + upload.bytes, 0) + adding <= limits.quotaBytes;
  }
  /** A refusal before (or while) the body is read: the rest of it is read and dropped first, so the client sees the answer, not a reset. */
  async function refuseBody(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string): Promise<FastifyReply> {
    const drained = declaredLength(request) > 64 * 1024 * 1024 ? false : await drainBody(request.raw);
    if (!drained) reply.header('connection', 'close');
    request.log.info({ code, contentLength: request.headers['content-length'] ?? null }, 'storage write refused: a limit');
    return sendError(reply, status, code, message);
  }
  const quotaExceeded = (request: FastifyRequest, reply: FastifyReply) =>
    refuseBody(request, reply, 403, 'QuotaExceeded', `Your storage quota of ${limits.quotaBytes} bytes is used up.`);
  /** 413 EntityTooLarge for a part past its upload's room. */
  const partTooLarge = (request: FastifyRequest, reply: FastifyReply, message: string) => refuseBody(request, reply, 413, 'EntityTooLarge', message);

  // Bodies are handed over unread: each route streams request.raw itself (upload-body.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const contentType = (request: FastifyRequest): string => String(request.headers['content-type'] ?? 'application/octet-stream');

  /** The body as a stream, refused with 413 before a byte is read when it declares more than `limit`. */
  const declaredLength = (request: FastifyRequest): number => Number(request.headers['content-length'] ?? 0);
  const bodyOf = (request: FastifyRequest, reply: FastifyReply, limit: number): UploadBody => {
    if (declaredLength(request) > limit) throw bodyTooLarge(reply);
    return uploadBody(request.raw);
  };

  /** Runs a store operation on a request body; its size limit becomes the 413 of the route. */
  async function streaming<T>(body: UploadBody, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw bodyTooLarge(reply);
      throw error;
    } finally {
      body.release();
    }
  }

  const validKey = (key: string): boolean => {
    try {
      assertValidKey(key);
      return true;
    } catch {
      return false;
    }
  };

  /** Parses and authorizes, or answers the refusal and returns null. */
  async function target(request: FastifyRequest, reply: FastifyReply, operatorOnly = false): Promise<Authorized | null> {
    const parsed = parseTarget(request.url, OSS_PATH);
    if (!parsed || parsed.bucket !== app.storage.bucket) {
      sendError(reply, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
      return null;
    }
    if (!validKey(parsed.key)) {
      sendError(reply, 400, 'InvalidObjectName', 'The specified object name is not valid.');
      return null;
    }
    const access = storageAccess(app.config);
    const verdict = operatorOnly ? authorizeOperator(request, parsed, access) : authorizeWrite(request, parsed, access);
    if (!verdict.ok) {
      request.log.info({ code: verdict.code, key: parsed.key }, 'storage write refused');
      sendError(reply, verdict.status, verdict.code, verdict.message, verdict.extra);
      return null;
    }
    // Upload credentials live only as long as the login session they were handed to: a logout or
    // a forced-logout ban ends them at once (one indexed read per write; on the storage thread, within
    // a second: features/oss/session-check-reuse.ts).
    if (verdict.grant && !(await sessionUsable(verdict.grant.sid))) {
      request.log.info({ code: 'InvalidAccessKeyId', uid: verdict.grant.uid }, 'storage write refused: session ended');
      sendError(reply, 403, 'InvalidAccessKeyId', 'The security token you provided has been revoked.');
      return null;
    }
    return { ...parsed, grant: verdict.grant };
  }

  const forbidsOverwrite = (t: Authorized, request: FastifyRequest): boolean =>
    t.grant !== null || String(request.headers['x-oss-forbid-overwrite'] ?? '').toLowerCase() === 'true';

  /**
   * Stores a whole object: user content as typed by its bytes (`type`) and created only if the key
   * is free; the operator's key as declared, refusing an existing key only when asked to.
   */
  async function store(t: Authorized, request: FastifyRequest, reply: FastifyReply, body: Readable, type: string, options: PutOptions): Promise<string | null> {
    if (!forbidsOverwrite(t, request)) return (await app.storage.put(t.key, body, type, options)).etag;
    const created = await app.storage.putIfAbsent(t.key, body, type, options);
    if (!created) {
      request.log.info({ key: t.key }, 'storage write refused: the key exists');
      sendError(reply, 409, 'FileAlreadyExists', ALREADY_EXISTS);
      return null;
    }
    return created.etag;
  }

  /**
   * Stores a completed multipart upload: on the embedded disk store as a composite object of the
   * part files themselves (nothing copied or hashed), else streamed part after part.
   */
  async function storeParts(t: Authorized, request: FastifyRequest, reply: FastifyReply, plan: AssemblyPlan, type: string): Promise<string | null> {
    if (!(app.storage instanceof DiskObjectStore)) return store(t, request, reply, uploads.stream(plan), type, { maxBytes: plan.size, etag: plan.etag });
    const created = await app.storage.putParts(t.key, plan.files, plan.sizes, type, plan.etag, forbidsOverwrite(t, request));
    if (created) return created.etag;
    request.log.info({ key: t.key }, 'storage write refused: the key exists');
    sendError(reply, 409, 'FileAlreadyExists', ALREADY_EXISTS);
    return null;
  }

  async function ownUpload(t: OssTarget, reply: FastifyReply) {
    const upload = await uploads.find(t.query.get('uploadId') ?? '').catch(() => null);
    if (!upload || upload.key !== t.key) {
      sendError(reply, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      return null;
    }
    return upload;
  }

  app.put(`${OSS_PATH}/:bucket/*`, { config: { auth: 'public' }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    // Before anything else, as a body parser would: a declared oversize body is never read.
    if (declaredLength(request) > BODY_LIMIT) throw bodyTooLarge(reply);
    const t = await target(request, reply);
    if (!t) return reply;
    if (t.query.has('uploadId')) {
      const upload = await ownUpload(t, reply);
      if (!upload) return reply;
      const partNumber = Number(t.query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
        return sendError(reply, 400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000.');
      }
      const declared = request.headers['content-length'] === undefined ? null : declaredLength(request);
      if (t.grant && !(await withinQuota(t.grant, declared ?? 0))) return quotaExceeded(request, reply);
      let reservation: PartReservation;
      try {
        reservation = await uploads.reservePart(upload.uploadId, partNumber, declared, maxObjectBytes(t.key), BODY_LIMIT);
      } catch (error) {
        if (error instanceof UploadLimitError) return partTooLarge(request, reply, error.message);
        if (error instanceof MultipartError) return sendError(reply, 404, 'NoSuchUpload', 'The specified upload does not exist.');
        throw error;
      }
      let etag: string;
      try {
        const body = uploadBody(request.raw);
        try {
          etag = await uploads.putPart(upload.uploadId, partNumber, body.stream, reservation.maxBytes);
        } catch (error) {
          // Past the room its upload had left (less than a whole body): the upload's limit, not the body's.
          if (error instanceof ObjectTooLargeError && reservation.maxBytes < BODY_LIMIT) {
            body.release();
            return partTooLarge(request, reply, 'Your proposed upload exceeds the maximum allowed size of the object.');
          }
          if (error instanceof ObjectTooLargeError) throw bodyTooLarge(reply);
          throw error;
        } finally {
          body.release();
        }
      } finally {
        await reservation.release();
      }
      return reply.header('etag', `"${etag}"`).header('x-oss-request-id', requestId()).send('');
    }
    if (t.grant && !(await withinQuota(t.grant, declaredLength(request)))) return quotaExceeded(request, reply);
    const body = bodyOf(request, reply, BODY_LIMIT);
    const etag = await streaming(body, reply, async () => {
      if (!t.grant) return store(t, request, reply, body.stream, contentType(request), { maxBytes: BODY_LIMIT });
      const arriving = await sniffArriving(body.stream);
      return store(t, request, reply, arriving.body, arriving.sniffed.contentType, { maxBytes: BODY_LIMIT });
    });
    if (etag === null) return reply;
    if (t.grant) storedBytes.delete(t.grant.scope);
    return reply.header('etag', `"${etag}"`).header('x-oss-request-id', requestId()).send('');
  });

  app.post(`${OSS_PATH}/:bucket/*`, { config: { auth: 'public' }, bodyLimit: COMPLETE_XML_MAX_BYTES }, async (request, reply) => {
    const t = await target(request, reply);
    if (!t) return reply;
    if (t.query.has('uploads')) {
      // Refused up front rather than after the user sent every part.
      if (t.grant && (await app.storage.head(t.key))) return sendError(reply, 409, 'FileAlreadyExists', ALREADY_EXISTS);
      if (t.grant && !(await withinQuota(t.grant, 1))) return quotaExceeded(request, reply);
      let upload;
      try {
        upload = await uploads.initiate(t.key, t.key.split('/')[2] ?? '', contentType(request), t.grant ? limits.maxOpenUploads : undefined);
      } catch (error) {
        if (!(error instanceof UploadLimitError)) throw error;
        return refuseBody(request, reply, 403, error.code, error.message);
      }
      return reply
        .type('application/xml')
        .header('x-oss-request-id', requestId())
        .send(xmlDocument('InitiateMultipartUploadResult', { Bucket: t.bucket, Key: t.key, UploadId: upload.uploadId }));
    }
    if (!t.query.has('uploadId')) return sendError(reply, 400, 'InvalidArgument', 'Unsupported POST operation.');
    const upload = await ownUpload(t, reply);
    if (!upload) return reply;
    const xml = bodyOf(request, reply, COMPLETE_XML_MAX_BYTES);
    const document = await streaming(xml, reply, () => readAll(xml.stream, COMPLETE_XML_MAX_BYTES));
    if (!document) throw bodyTooLarge(reply);
    const parts = parseCompleteParts(document.toString('utf8'));
    if (!parts) return sendError(reply, 400, 'MalformedXML', 'The XML you provided was not well-formed.');
    try {
      const limit = maxObjectBytes(t.key);
      const plan = await uploads.plan(upload.uploadId, parts, limit);
      let type = upload.contentType;
      if (t.grant) {
        const head = await uploads.head(plan, SNIFF_HEAD_BYTES);
        const whole = () => readAll(uploads.stream(plan, 256 * 1024), MAX_SVG_BYTES);
        type = (await sniffStored(head, plan.size, whole)).contentType;
      }
      const etag = await storeParts(t, request, reply, plan, type);
      await uploads.remove(upload.uploadId);
      if (t.grant) storedBytes.delete(t.grant.scope);
      if (etag === null) return reply;
      return reply
        .type('application/xml')
        .header('etag', `"${etag}"`)
        .header('x-oss-request-id', requestId())
        .send(xmlDocument('CompleteMultipartUploadResult', { Location: app.storage.publicUrl(t.key), Bucket: t.bucket, Key: t.key, ETag: `"${etag}"` }));
    } catch (error) {
      if (error instanceof MultipartError) return sendError(reply, 400, error.code, error.message);
      throw error;
    }
  });

  app.delete(`${OSS_PATH}/:bucket/*`, { config: { auth: 'public' } }, async (request, reply) => {
    const parsed = parseTarget(request.url, OSS_PATH);
    if (!parsed?.query.has('uploadId')) {
      // DeleteObject: the operator's key only (upload credentials never delete).
      const t = await target(request, reply, true);
      if (!t) return reply;
      await app.storage.delete(t.key);
      return reply.code(204).header('x-oss-request-id', requestId()).send();
    }
    const t = await target(request, reply);
    if (!t) return reply;
    const upload = await ownUpload(t, reply);
    if (!upload) return reply;
    await uploads.remove(upload.uploadId);
    return reply.code(204).header('x-oss-request-id', requestId()).send();
  });
};

export default writeRoutes;
