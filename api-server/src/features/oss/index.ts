/**
 * The embedded object storage's HTTP face: the subset of the OSS protocol a browser needs, plus
 * what an operator's tools need (listing, deleting). Reads of objects are public (object names are
 * unguessable hashes, as on a public-read bucket; a read that carries a signature has it checked);
 * writes are signed (OSS V4) with the short-lived
 * credentials of /api/upload/tos/token or the operator's key (write-routes.ts, README.md).
 * Reads are served so that no stored file can run as the app (storage/serving.ts): typed by their
 * bytes, media inline and everything else a download, nosniff and a sandboxing CSP; with
 * STORAGE_PUBLIC_ORIGIN set, user files are only served on that origin.
 * With an OSS bucket configured (OSS_BUCKET) the browser talks to OSS itself: nothing is mounted.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { OSS_PATH } from '../../plugins/app/storage';
import { addressInPrefix, pathOfRequestTarget } from '../../storage/object-address';
import { STORAGE_CSP } from '../../storage/serving';
import { parseUploadKey } from '../upload/keys';
import { authorizeOperator, authorizeRequest, carriesSignature, parseTarget, storageAccess } from './authorize';
import { sendObject } from './read-object';
import writeRoutes, { type WriteRoutesOptions } from './write-routes';
import { type ListedObject, listBucketXml, requestId, sendError } from './xml';

const MAX_KEYS = 1000;
const DEFAULT_MAX_KEYS = 100;

/** The API's instance takes none of these (it gets the features' options); the storage thread's passes how it checks sessions (storage-thread-main.ts). */
export type OssOptions = WriteRoutesOptions & { remoteSource?: unknown };

const oss: FastifyPluginAsync<OssOptions> = async (app, options) => {
  if (app.config.ossBucket) return;
  const storageOrigin = app.config.storagePublicOrigin ? new URL(app.config.storagePublicOrigin) : null;
  // Every storage answer (objects, listings, refusals, errors) is locked down the same way.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff').header('content-security-policy', STORAGE_CSP);
    return payload;
  });
  // Its own context: the raw-bytes body parser must not reach the API routes.
  await app.register(writeRoutes, { sessionUsable: options.sessionUsable, sweepAbandoned: options.sweepAbandoned, fileWrites: options.fileWrites });

  /** ListObjects (V1: prefix, marker, max-keys), for the operator's key only. */
  async function listObjects(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseTarget(request.url, OSS_PATH);
    if (!target || target.bucket !== app.storage.bucket) return sendError(reply, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const verdict = authorizeOperator(request, target, storageAccess(app.config));
    if (!verdict.ok) {
      request.log.info({ code: verdict.code }, 'storage listing refused');
      return sendError(reply, verdict.status, verdict.code, verdict.message, verdict.extra);
    }
    const prefix = target.query.get('prefix') ?? '';
    const marker = target.query.get('marker') ?? '';
    const asked = Number(target.query.get('max-keys') ?? DEFAULT_MAX_KEYS);
    const maxKeys = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_KEYS) : DEFAULT_MAX_KEYS;
    const keys = (await app.storage.list(prefix)).filter((key) => key > marker);
    const objects: ListedObject[] = [];
    for (const key of keys.slice(0, maxKeys)) {
      const info = await app.storage.head(key);
      if (info) objects.push(info);
    }
    const nextMarker = keys.length > maxKeys ? (keys[maxKeys - 1] ?? '') : '';
    return reply
      .type('application/xml')
      .header('x-oss-request-id', requestId())
      .send(listBucketXml({ bucket: target.bucket, prefix, marker, maxKeys, objects, nextMarker }));
  }

  type ObjectRequest = FastifyRequest<{ Params: { bucket: string; '*': string } }>;
  const readRoute = async (request: ObjectRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { bucket, '*': key } = request.params;
    if (!key) return listObjects(request, reply);
    // Reads are public; one that carries a signature is checked as OSS checks it (a wrong, expired or
    // V1 signature is refused even for a public object).
    const target = parseTarget(request.url, OSS_PATH);
    if (target && target.bucket === app.storage.bucket && carriesSignature(request, target)) {
      const verdict = authorizeRequest(request, target, storageAccess(app.config));
      if (!verdict.ok) {
        request.log.info({ code: verdict.code }, 'signed storage read refused');
        return sendError(reply, verdict.status, verdict.code, verdict.message, verdict.extra);
      }
    }
    // The key as spelled in the request, decoded once (object-address.ts): the framework's decoded
    // wildcard would let a second decoding reach a key no check has seen.
    const decoded = addressInPrefix(pathOfRequestTarget(request.url), `${OSS_PATH}/${app.storage.bucket}/`)?.key ?? null;
    // User files belong on their own origin when one is set: never serve them from the app's.
    if (storageOrigin && decoded !== null && parseUploadKey(decoded) && request.host !== storageOrigin.host) {
      return reply.code(301).header('location', `${storageOrigin.origin}${request.url}`).send();
    }
    return sendObject(app.storage, request, reply, bucket === app.storage.bucket ? decoded : null);
  };
  // HEAD is its own: Fastify's automatic one would read the whole object to discard it.
  app.get(`${OSS_PATH}/:bucket/*`, { exposeHeadRoute: false }, readRoute);
  app.head(`${OSS_PATH}/:bucket/*`, readRoute);
};

export default oss;
