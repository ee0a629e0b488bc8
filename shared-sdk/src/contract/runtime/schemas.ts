/**
 * What the host reads before anything else (its configuration, the remotes, the rollout view) and
 * the load reports that feed the staged rollout. All but the reports are public: the host needs the
 * configuration to sign anything at all.
 */
import { type Static, Type } from 'typebox';
import { ERROR_REPORT_KINDS, ERROR_REPORT_LIMITS, type RouteDeclaration, VITAL_LIMITS, VITAL_NAMES, VITAL_RATINGS } from './values';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'runtime';

/**
 * A remote's route as it declares it (`src/expose/routes.ts`). The declarations are the remotes'
 * own data, written by their builds: fields beyond the ones listed here pass through unchanged.
 */
export const RouteDeclarationSchema = Type.Unsafe<RouteDeclaration>(
  Type.Object(
    {
      path: Type.String(),
      module: Type.String({ description: "the exposed module, e.g. './MaterialList'" }),
      title: Type.String(),
      highlight: Type.Optional(Type.String()),
      open: Type.Optional(OneOf(['shell', 'tab', 'window'] as const)),
      bare: Type.Optional(Type.Boolean()),
      data: Type.Optional(Type.Object({}, { additionalProperties: true, description: "the screen's first call (RouteData)" })),
    },
    { additionalProperties: true },
  ),
);

export const RuntimeConfig = Type.Object({
  hosts: Type.Object({
    /** Main API host; '' means the page's own origin. */
    main: Type.String(),
    newspaper: Type.String(),
    user: Type.String(),
    analytics: Type.String(),
  }),
  appId: Type.String(),
  /** Public by design: the product embeds it in the page (docs/product.md §7). */
  appSecret: Type.String(),
  /** Chat page opened by the customer-service button. */
  customerServiceUrl: Type.String(),
  env: Type.Object({ name: Type.String(), production: Type.Boolean() }),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;

export const RemoteEntry = Type.Object({
  /** Module Federation name, e.g. mf_materials. */
  name: Type.String(),
  version: Type.String(),
  manifestUrl: Type.String(),
  routes: Type.Array(RouteDeclarationSchema),
});
export type RemoteEntry = Static<typeof RemoteEntry>;

const VersionRef = Type.Object({
  version: Type.String(),
  /** The remote's entry file inside `<remote>/<version>/` (its mf-manifest.json). */
  entry: Type.String(),
  /** sha384 subresource-integrity hashes of the files the host fetches itself, by path. */
  integrity: Type.Record(Type.String(), Type.String()),
});
const CanaryRef = Type.Object({
  ...VersionRef.properties,
  percent: Type.Number({ description: 'share of users bucketed onto the canary (0 < percent ≤ 100)' }),
  since: Type.Optional(Type.Integer({ description: 'the manifest revision that started this canary run' })),
});

/** One remote in a user's view: what bucketing needs, and the refs and routes of each version it may load. */
const ClientRemote = Type.Object({
  stable: Type.Union([VersionRef, Type.Null()]),
  canary: Type.Optional(CanaryRef),
  /** This user's pin only (user id → version). */
  pins: Type.Record(Type.String(), Type.String()),
  /** This user's id when it may choose a version with `?mf`, else empty. */
  qaUsers: Type.Array(Type.String()),
  versions: Type.Record(Type.String(), Type.Object({ ...VersionRef.properties, routes: Type.Array(RouteDeclarationSchema) })),
});

export const RolloutView = Type.Object({
  revision: Type.Integer(),
  salt: Type.String(),
  /** URL prefix under which `<remote>/<version>/<file>` is served. */
  baseUrl: Type.String(),
  remotes: Type.Record(Type.String(), ClientRemote),
  /** The id buckets are computed from; null for a visitor without a valid session (stable only). */
  userId: Type.Union([Type.String(), Type.Null()]),
});
export type RolloutView = Static<typeof RolloutView>;

/** A release's version, as the load reports and `?mf` overrides name it. */
export const RELEASE_VERSION = /^[0-9A-Za-z.+-]{1,64}$/;
/** One page load's id (the host sends a UUID). */
export const PAGE_LOAD_ID = /^[0-9A-Za-z-]{8,64}$/;
export const LOAD_PHASES = ['entry', 'screen', 'retry'] as const;

export const runtimeConfig = defineRoute({
  method: 'GET',
  url: '/api/runtime/config',
  operationId: 'runtimeConfig',
  summary: "The host's configuration: hosts, app id and secret for signing, environment",
  description: 'Public and unsigned: the host needs the app id and secret before it can sign.',
  tag,
  auth: 'public',
  data: RuntimeConfig,
});

export const runtimeRemotes = defineRoute({
  method: 'GET',
  url: '/api/runtime/remotes',
  operationId: 'runtimeRemotes',
  summary: "Each remote's stable version, where to load it and its routes",
  tag,
  auth: 'public',
  data: Type.Object({ remotes: Type.Array(RemoteEntry) }),
});

export const runtimeRollout = defineRoute({
  method: 'GET',
  url: '/api/runtime/rollout',
  operationId: 'runtimeRollout',
  summary: "This user's view of the rollout manifest (stable only without a valid token)",
  tag,
  auth: 'public',
  querystring: Type.Object({
    token: Type.Optional(Type.String({ description: 'the session token; absent or invalid: the visitor view' })),
    mf: Type.Optional(Type.String({ description: "QA overrides `remote@version,…`, honoured for the remote's QA users only" })),
  }),
  data: RolloutView,
});

export const runtimeRemoteLoad = defineRoute({
  method: 'POST',
  url: '/api/runtime/remote-load',
  operationId: 'runtimeRemoteLoad',
  summary: "Report one remote version's load in this page (feeds the canary's failure rate)",
  description:
    'Counted once per user, remote, version, canary run and page load, and only for the version the rollout hands this user. ' +
    'Malformed fields answer HTTP 400 with 1002. `rolledBack` names the canaries this failure rolled back.',
  tag,
  body: Type.Object({
    remote: Type.String({ description: "the remote's folder, e.g. mf-tools" }),
    version: Type.String({ pattern: RELEASE_VERSION.source }),
    ok: Type.Optional(Type.String({ description: "'true' or '1': it loaded; anything else: it failed" })),
    phase: Type.Optional(
      OneOf(LOAD_PHASES, { default: 'entry', description: 'entry: the remote; screen: the exposed module; retry: stable after a fallback' }),
    ),
    pageLoad: Type.String({ pattern: PAGE_LOAD_ID.source }),
  }),
  data: Type.Object({ recorded: Type.Boolean(), rolledBack: Type.Array(Type.String()) }),
});

/**
 * A request's id as the server logs it and answers it (api-server `lib/request-id.ts`): nginx's
 * $request_id is 32 hex characters, other proxies use UUIDs or similar. Anything else is not an id:
 * the server replaces it on a request and drops it from an error report. Here, with the schemas, so
 * it stays out of the browser's bundle: the host forwards the header as it came.
 */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The value when it is a request id, else undefined (a hostile or broken value is dropped). */
export function requestIdOrNothing(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;
}

/** One failure, folded: the same remote, version, kind and text seen `count` times in this page. */
export const ErrorReportItem = Type.Object({
  remote: Type.String({ description: "the remote's folder, e.g. mf-tools" }),
  version: Type.String({ pattern: RELEASE_VERSION.source }),
  kind: OneOf(ERROR_REPORT_KINDS, {
    description:
      "error: an uncaught error; rejection: an unhandled rejection; boundary: the screen's error panel was shown; api: a call of the screen failed (5xx or no answer)",
  }),
  message: Type.String({ maxLength: ERROR_REPORT_LIMITS.MESSAGE_CHARS }),
  stack: Type.Optional(Type.String({ maxLength: ERROR_REPORT_LIMITS.STACK_CHARS, description: "the browser's stack, script URLs only (no query strings)" })),
  count: Type.Integer({ minimum: 1, maximum: ERROR_REPORT_LIMITS.COUNT_MAX }),
  requestIds: Type.Optional(
    Type.Array(Type.String({ maxLength: 128 }), {
      maxItems: ERROR_REPORT_LIMITS.REQUEST_IDS,
      description:
        "api: the `x-request-id` of the failed call's latest answers, newest first (the server's and nginx's logs name them); a value that is not a request id (REQUEST_ID) is dropped",
    }),
  ),
});
export type ErrorReportItem = Static<typeof ErrorReportItem>;

/** One page load's field measurement (web-vitals), of the remote version whose screen it measured. */
export const VitalReportItem = Type.Object({
  remote: Type.String({ description: "the remote's folder, e.g. mf-tools" }),
  version: Type.String({ pattern: RELEASE_VERSION.source }),
  name: OneOf(VITAL_NAMES, { description: 'LCP: largest contentful paint of the first screen; INP: interaction to next paint of the page' }),
  value: Type.Number({ minimum: 0, maximum: VITAL_LIMITS.MAX_MS, description: 'milliseconds' }),
  rating: OneOf(VITAL_RATINGS, { description: "web-vitals' rating (the server rates the value again with web.dev's thresholds)" }),
});
export type VitalReportItem = Static<typeof VitalReportItem>;

export const runtimeErrorReport = defineRoute({
  method: 'POST',
  url: '/api/runtime/error-report',
  operationId: 'runtimeErrorReport',
  summary: "Report failures a remote's screens had in this page (feeds the canary analysis and the top errors)",
  description:
    '`items` is a JSON array of ErrorReportItem (the body is form-encoded and signed like every call). Items of a remote version ' +
    'the rollout does not hand this user are left out; stacks are mapped to source files and lines on the server through the ' +
    "releases' hidden source maps. Counted by remote, version and error fingerprint, and once per page load for the error-session rate; " +
    "an item's `requestIds` join the last 5 kept per fingerprint (the release health's top errors answer them). " +
    '`vitals` (optional) is a JSON array of VitalReportItem: counted once per page load, metric and version, and rated poor above ' +
    "web.dev's thresholds (LCP 4,000 ms, INP 500 ms) for the canary analysis. A malformed batch answers HTTP 400 with 1002.",
  tag,
  body: Type.Object({
    pageLoad: Type.String({ pattern: PAGE_LOAD_ID.source }),
    items: Type.String({ maxLength: ERROR_REPORT_LIMITS.BATCH_CHARS, description: 'JSON: an array of ErrorReportItem (at most 20)' }),
    vitals: Type.Optional(Type.String({ maxLength: VITAL_LIMITS.BATCH_CHARS, description: 'JSON: an array of VitalReportItem (at most 4)' })),
  }),
  data: Type.Object({
    recorded: Type.Integer({ description: 'items counted' }),
    vitals: Type.Optional(Type.Integer({ description: 'measurements counted (absent when none were sent)' })),
  }),
});
