/**
 * The release API (docs/releases.md): publishing a remote's build and rolling it out through the server,
 * on the environment the server serves (`RELEASE_ENV`), into its release store (folder or bucket).
 * Operator calls under `/api/operator/` with permission 'release': an admin (every remote), a
 * release manager (the remotes and environments of its release scope) or a CI release token
 * (`Authorization: Bearer mfci_…`, one remote and one environment). Outside the caller's scope:
 * 1003 (HTTP 403). A refused step (a rollout rule, an immutable version, a bad archive): 1009 or
 * 1002 with the reason. Every step (and every token revocation or scope change) requires a reason:
 * without one, or with a blank one, 1002 and nothing is written. Every step writes one audit row
 * naming the operator or the CI token, with the reason, in the transaction of the change; the
 * remote's rollout history names them too.
 */
import { type Static, Type } from 'typebox';
import { Id, Nullable, Text } from '../core/common';
import { defineRoute } from '../core/route';
import {
  RELEASE_ARCHIVE_MAX_BYTES,
  RELEASE_ENV_PATTERN,
  RELEASE_REASON_MAX,
  RELEASE_REMOTE_PATTERN,
  RELEASE_TOKEN_DAYS,
  RELEASE_TOKEN_NAME_MAX,
  RELEASE_USER_ID_PATTERN,
} from './values';

const tag = 'releases';
const auth = 'operator' as const;
const permission = 'release' as const;
const ISO = Type.String({ description: 'ISO 8601' });

/** A remote's folder name (mf-tools). */
export const RemoteName = Type.String({ pattern: RELEASE_REMOTE_PATTERN, description: 'a remote of the workspace, e.g. mf-tools' });
/** An environment's name (production, staging). */
export const EnvName = Type.String({ pattern: RELEASE_ENV_PATTERN, description: 'e.g. production' });
const Version = Type.String({ pattern: '^[0-9A-Za-z.-]{1,64}$', description: 'semver, e.g. 1.4.0' });
const UserId = Type.String({ pattern: RELEASE_USER_ID_PATTERN, description: "a creator's user id (a positive integer)" });
/** Why a step is taken: required on every release step, token revocation and scope change (blank is refused too). */
const Reason = Text(RELEASE_REASON_MAX, 1);

export { RELEASE_ARCHIVE_MAX_BYTES };

export const ReleaseHistoryEntry = Type.Object({
  at: ISO,
  who: Type.String(),
  action: Type.String(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  reason: Type.Optional(Type.String()),
  user: Type.Optional(Type.String()),
});

export const ReleaseRemote = Type.Object({
  remote: Type.String(),
  stable: Nullable(Type.String()),
  canary: Nullable(
    Type.Object({
      version: Type.String(),
      percent: Type.Number(),
      paused: Type.Boolean(),
      /** Loads and failures reported for this canary run so far. */
      loads: Type.Integer(),
      failures: Type.Integer(),
      /** The step plan the server advances, when the canary was started with one. */
      plan: Type.Optional(
        Type.Object({ steps: Type.Array(Type.Number()), step: Type.Integer(), pause_minutes: Type.Number(), step_started_at: Type.String() }),
      ),
    }),
  ),
  /** A version a step plan promoted, still judged against the previous stable until `until`. */
  watch: Type.Optional(Type.Object({ version: Type.String(), until: Type.String() })),
  /** Former stables, newest first: where rollback goes back to. */
  previous: Type.Array(Type.String()),
  /** Published versions, oldest first. */
  versions: Type.Array(Type.String()),
  qa_users: Type.Array(Type.String()),
  pins: Type.Record(Type.String(), Type.String()),
  /** The last 50 steps, oldest first. */
  history: Type.Array(ReleaseHistoryEntry),
});
export type ReleaseRemote = Static<typeof ReleaseRemote>;

export const releaseList = defineRoute({
  method: 'GET',
  url: '/api/operator/releases',
  operationId: 'releaseList',
  summary: "The remotes the caller may release, each with its rollout state and history, on the server's environment",
  tag,
  auth,
  permission,
  data: Type.Object({ env: Type.String(), remotes: Type.Array(ReleaseRemote) }),
});

/** One of a version's most frequent errors, as users' pages reported it (stack mapped to source lines). */
export const ReleaseTopError = Type.Object({
  fingerprint: Type.String(),
  /** error, rejection, boundary (an error panel shown) or api (a failed call). */
  kind: Type.String(),
  message: Type.String(),
  /** The mapped `file:line:column` it came from, '' when unknown. */
  source: Type.String(),
  /** The mapped stack, '' when none was reported. */
  stack: Type.String(),
  count: Type.Integer(),
  first_seen: ISO,
  last_seen: ISO,
  /** The `x-request-id` of the latest failed calls reported (api errors; at most 5, newest first), to find in the server's and nginx's logs. */
  request_ids: Type.Optional(Type.Array(Type.String())),
});
export type ReleaseTopError = Static<typeof ReleaseTopError>;

const VitalViews = Type.Object({ views: Type.Integer(), poor: Type.Integer() });

export const ReleaseVersionHealth = Type.Object({
  version: Type.String(),
  role: Type.Union([Type.Literal('stable'), Type.Literal('canary'), Type.Literal('other')]),
  /** Page loads, failed loads and page loads with an error report, in the remote's current run. */
  loads: Type.Integer(),
  failures: Type.Integer(),
  error_sessions: Type.Integer(),
  /**
   * Field vitals users' pages measured for the version in the current run: page views with an LCP
   * and with an INP, and how many of them were poor (LCP > 4 s, INP > 500 ms), as the canary judge counts them.
   */
  vitals: Type.Object({ LCP: VitalViews, INP: VitalViews }),
  /** The most frequent errors of the version (all runs), most frequent first. */
  top_errors: Type.Array(ReleaseTopError),
});
export type ReleaseVersionHealth = Static<typeof ReleaseVersionHealth>;

export const ReleaseHealth = Type.Object({
  env: Type.String(),
  remote: Type.String(),
  /** Stable first, then the canary, then any other version counted in the current run. */
  versions: Type.Array(ReleaseVersionHealth),
});
export type ReleaseHealth = Static<typeof ReleaseHealth>;

export const releaseHealth = defineRoute({
  method: 'GET',
  url: '/api/operator/releases/health',
  operationId: 'releaseHealth',
  summary: "What users see of one remote's versions: loads, load failures, error sessions and the top errors",
  description:
    "Counts are those of the remote's current run (the canary's, for stable as well), as the automatic rollback and the promote gate judge them. 1003 outside the caller's scope; 1002 for an unknown remote.",
  tag,
  auth,
  permission,
  querystring: Type.Object({ remote: RemoteName }),
  data: ReleaseHealth,
});

/** A released version the new host would break: why users can get it, and what it needs that the host lacks. */
export const ReleaseHostBreak = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  /** `stable`, `canary`, `pinned (2 users)`, `rollback target`. */
  roles: Type.Array(Type.String()),
  /** One line per shared singleton, as the publish gate words its refusals. */
  problems: Type.Array(Type.String()),
});
export type ReleaseHostBreak = Static<typeof ReleaseHostBreak>;

export const releaseCheckHost = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/check-host',
  operationId: 'releaseCheckHost',
  summary: "Check a new host build against every remote version released on the server's environment, before the host goes out",
  description:
    "The body is the new host's mf-manifest.json (only its `shared` list is read: each singleton module's name and version). Every remote's stable, canary, pinned versions and the previous stable a rollback goes back to are checked as the publish gate checks a remote against the host; `breaks` lists those that could not run on it (empty: the host may go out). Read-only. Admins and release managers (the remotes of their scope; the others are named in `unchecked`); a CI release token, scoped to one remote, is refused (1003).",
  tag,
  auth,
  permission,
  body: Type.Object({
    shared: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), version: Type.Optional(Type.String({ maxLength: 64 })) }), {
      maxItems: 5000,
    }),
  }),
  data: Type.Object({
    env: Type.String(),
    /** Released versions checked. */
    checked: Type.Integer(),
    breaks: Type.Array(ReleaseHostBreak),
    /** Remotes outside the caller's release scope, not checked. */
    unchecked: Type.Array(Type.String()),
  }),
});

export const releaseUpload = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/upload',
  operationId: 'releaseUpload',
  summary: "Publish a remote's build: the body is its dist/ folder as a gzip-compressed tar",
  description:
    'The server unpacks it (regular files and folders only: no links, no absolute or `..` paths, only the file types a build makes, at most 2000 files and 256 MB unpacked), reads routes.json and mf-manifest.json, checks every file the manifest names is there and the shared singletons against the host, and computes every SRI hash itself. 1002 for an archive it refuses; 1009 for a version already published (versions are immutable). The version is the one in routes.json; `version`, when given, must match it.',
  tag,
  auth,
  permission,
  upload: { mediaType: 'application/gzip', maxBytes: RELEASE_ARCHIVE_MAX_BYTES },
  querystring: Type.Object({ remote: RemoteName, version: Type.Optional(Version), reason: Reason }),
  data: Type.Object({ remote: Type.String(), version: Type.String(), files: Type.Integer(), integrity: Type.Record(Type.String(), Type.String()) }),
});

export const releaseCanary = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/canary',
  operationId: 'releaseCanary',
  summary: 'Start a canary of a published version, change its share, or resume a paused one',
  description:
    'With `steps` (ascending percentages ending at 100) the canary starts at the first step and the server advances it by itself: after at least `pause_minutes` and ROLLBACK_MIN_LOADS canary loads on a step with a healthy analysis, promoting after the last step and then watching the new stable for `watch_minutes` (default 30) against the previous one. Without `steps`, `percent` is required; a share changed by hand ends a plan. 1009 for a plan that is not ascending or does not end at 100.',
  tag,
  auth,
  permission,
  body: Type.Object({
    remote: RemoteName,
    version: Version,
    percent: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
    steps: Type.Optional(Type.Array(Type.Number({ exclusiveMinimum: 0, maximum: 100 }), { minItems: 1, maxItems: 10 })),
    pause_minutes: Type.Optional(Type.Number({ minimum: 0, maximum: 10080 })),
    watch_minutes: Type.Optional(Type.Number({ minimum: 0, maximum: 10080 })),
    reason: Reason,
  }),
  data: ReleaseRemote,
});

export const releasePause = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/pause',
  operationId: 'releasePause',
  summary: 'Pause the running canary: every user back on stable (pins and QA overrides still reach it); resume with releaseCanary',
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, reason: Reason }),
  data: ReleaseRemote,
});

/**
 * The `data` of a promote the gate refused (1009): `gate` names the rule (too few canary loads in
 * the current run), with the figures; `force` with a reason overrides it.
 */
export const PromoteGateRefusal = Type.Object({
  gate: Type.Literal('too-few-loads'),
  remote: Type.String(),
  version: Type.String(),
  loads: Type.Integer(),
  min_loads: Type.Integer(),
});
export type PromoteGateRefusal = Static<typeof PromoteGateRefusal>;

export const releasePromote = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/promote',
  operationId: 'releasePromote',
  summary: 'Make the canary stable (or, with version, a published version when no canary runs: a first release)',
  description:
    "1009 for a canary with fewer loads than the server's judging minimum (ROLLBACK_MIN_LOADS), unless `force` is true and a reason is given (both audited): its `data` is `{gate: 'too-few-loads', remote, version, loads, min_loads}`; 1009 (`data` null) for a version that cannot be promoted. A promote that lands is posted to the release webhooks.",
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, version: Type.Optional(Version), force: Type.Optional(Type.Boolean()), reason: Reason }),
  data: ReleaseRemote,
  refusal: PromoteGateRefusal,
});

export const releaseRollback = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/rollback',
  operationId: 'releaseRollback',
  summary: 'Drop the running canary, or without one go back to the previous stable',
  description: 'A rollback that lands is posted to the release webhooks, with the caller and the reason.',
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, reason: Reason }),
  data: ReleaseRemote,
});

export const releasePin = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/pin',
  operationId: 'releasePin',
  summary: 'Pin a user to a published version',
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, version: Version, user: UserId, reason: Reason }),
  data: ReleaseRemote,
});

export const releaseUnpin = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/unpin',
  operationId: 'releaseUnpin',
  summary: "Remove a user's pin",
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, user: UserId, reason: Reason }),
  data: ReleaseRemote,
});

export const releaseQa = defineRoute({
  method: 'POST',
  url: '/api/operator/releases/qa',
  operationId: 'releaseQa',
  summary: 'Allow (or stop allowing) a user to choose versions with the ?mf override',
  tag,
  auth,
  permission,
  body: Type.Object({ remote: RemoteName, user: UserId, allowed: Type.Boolean(), reason: Reason }),
  data: ReleaseRemote,
});

// --- CI release tokens and release managers' scopes (admins) ---------------------------------------

export const ReleaseToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remote: Type.String(),
  env: Type.String(),
  /** The first characters, to recognise it (`mfci_ab12…`). */
  hint: Type.String(),
  created_by: Type.String(),
  created_at: ISO,
  expires_at: ISO,
  last_used_at: Nullable(ISO),
  revoked_at: Nullable(ISO),
});
export type ReleaseToken = Static<typeof ReleaseToken>;

export const releaseTokenList = defineRoute({
  method: 'GET',
  url: '/api/operator/release-tokens',
  operationId: 'releaseTokenList',
  summary: 'CI release tokens, newest first (admin)',
  tag,
  auth,
  permission: 'admin',
  data: Type.Array(ReleaseToken),
});

export const releaseTokenCreate = defineRoute({
  method: 'POST',
  url: '/api/operator/release-tokens/create',
  operationId: 'releaseTokenCreate',
  summary: 'Create a CI release token for one remote and one environment (admin); the token is shown once',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({
    name: Text(RELEASE_TOKEN_NAME_MAX, 1),
    remote: RemoteName,
    env: EnvName,
    expires_days: Type.Optional(
      Type.Integer({ minimum: RELEASE_TOKEN_DAYS.min, maximum: RELEASE_TOKEN_DAYS.max, description: `omitted: ${RELEASE_TOKEN_DAYS.default} days` }),
    ),
  }),
  data: Type.Object({ token: Type.String({ description: 'Authorization: Bearer <token>; shown only now' }), info: ReleaseToken }),
});

export const releaseTokenRevoke = defineRoute({
  method: 'POST',
  url: '/api/operator/release-tokens/revoke',
  operationId: 'releaseTokenRevoke',
  summary: 'Revoke a CI release token (admin); it gets nothing from the next call on',
  description: '1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, reason: Reason }),
  data: ReleaseToken,
});

export const ReleaseScope = Type.Object({
  /** Remotes the release manager may release. */
  remotes: Type.Array(RemoteName, { maxItems: 50 }),
  /** Environments it may release on. */
  envs: Type.Array(EnvName, { maxItems: 20 }),
});
export type ReleaseScope = Static<typeof ReleaseScope>;

export const operatorSetReleaseScope = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/release-scope',
  operationId: 'operatorSetReleaseScope',
  summary: "Set a release manager's remotes and environments (admin)",
  description: '1004 for an unknown id; 1002 for an unknown remote.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, remotes: ReleaseScope.properties.remotes, envs: ReleaseScope.properties.envs, reason: Reason }),
  data: Type.Object({ id: Type.Integer(), name: Type.String(), role: Type.String(), release_scope: ReleaseScope }),
});
