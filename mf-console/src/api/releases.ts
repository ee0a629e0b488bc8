/**
 * The release API's calls (permission 'release'), named by their contract declarations as in
 * ./calls.ts. Shared code: the 发布 screen makes them, and 操作员's 发布范围 reads the release list and
 * sets a release manager's scope (docs/style.md rule 14).
 */
import { RELEASE_ARCHIVE_MAX_BYTES, RELEASE_ENV_PATTERN } from 'shared-sdk/contract/release-values';
import type { DataOf, RequestOf, releases } from 'shared-sdk/contract/schemas';
import { releases as releaseCalls } from 'shared-sdk/contract/calls';
import { operatorUpload } from 'shared-sdk/operator';
import { consoleApi, viaOperator } from './endpoint';

export type ReleaseRemote = releases.ReleaseRemote;
export type ReleaseHealth = releases.ReleaseHealth;
export type ReleaseVersionHealth = releases.ReleaseVersionHealth;
export type ReleaseTopError = releases.ReleaseTopError;
/** The data of a promote the gate refused (1009). */
export type PromoteGateRefusal = releases.PromoteGateRefusal;
export type ReleaseUploadRequest = RequestOf<typeof releases.releaseUpload>;
export type ReleaseUploaded = DataOf<typeof releases.releaseUpload>;
/** A CI release token as the server lists it (never the token itself). */
export type ReleaseToken = releases.ReleaseToken;
export type ReleaseTokenCreateRequest = RequestOf<typeof releases.releaseTokenCreate>;
/** A release manager's remotes and environments. */
export type ReleaseScope = releases.ReleaseScope;
export type ReleaseScopeRequest = RequestOf<typeof releases.operatorSetReleaseScope>;

/**
 * The upload's body as the contract declares it (`releaseUpload.upload` in
 * shared-sdk/src/contract/releases/schemas.ts, not imported: the schemas stay out of the bundle): a
 * gzip-compressed tar of the remote's dist/, at most 64 MB.
 */
export const RELEASE_ARCHIVE = { mediaType: 'application/gzip', maxBytes: RELEASE_ARCHIVE_MAX_BYTES } as const;

/**
 * The longest reason a release step takes: the contract's own value, which the release API's schemas
 * are built on; one value for every reason field of the screen.
 */
export { RELEASE_REASON_MAX } from 'shared-sdk/contract/release-values';

/**
 * A CI release token's bounds as the contract's releaseTokenCreate checks them: its life in days
 * (`{ min, max, default }`) and its name's length.
 */
export { RELEASE_TOKEN_DAYS, RELEASE_TOKEN_NAME_MAX } from 'shared-sdk/contract/release-values';

/** An environment's name as the contract's schemas check it (a CI token's, a release manager's scope). */
export const RELEASE_ENV_NAME = new RegExp(RELEASE_ENV_PATTERN);

export const RELEASE_CALLS = {
  list: releaseCalls.releaseList,
  health: releaseCalls.releaseHealth,
  canary: releaseCalls.releaseCanary,
  pause: releaseCalls.releasePause,
  promote: releaseCalls.releasePromote,
  rollback: releaseCalls.releaseRollback,
  qa: releaseCalls.releaseQa,
  pin: releaseCalls.releasePin,
  unpin: releaseCalls.releaseUnpin,
  upload: releaseCalls.releaseUpload,
  tokens: releaseCalls.releaseTokenList,
  createToken: releaseCalls.releaseTokenCreate,
  revokeToken: releaseCalls.releaseTokenRevoke,
  setScope: releaseCalls.operatorSetReleaseScope,
} as const;

export const releaseApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Release', 'ReleaseToken'] }).injectEndpoints({
  endpoints: (build) => ({
    releaseList: build.query({ queryFn: viaOperator(RELEASE_CALLS.list), providesTags: ['Release'] }),
    releaseHealth: build.query({ queryFn: viaOperator(RELEASE_CALLS.health), providesTags: ['Release'] }),
    releaseCanary: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.canary), invalidatesTags: ['Release', 'Audit'] }),
    releasePause: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.pause), invalidatesTags: ['Release', 'Audit'] }),
    releasePromote: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.promote), invalidatesTags: ['Release', 'Audit'] }),
    releaseRollback: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.rollback), invalidatesTags: ['Release', 'Audit'] }),
    releaseQa: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.qa), invalidatesTags: ['Release', 'Audit'] }),
    releasePin: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.pin), invalidatesTags: ['Release', 'Audit'] }),
    releaseUnpin: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.unpin), invalidatesTags: ['Release', 'Audit'] }),
    // Admins only: CI release tokens and release managers' scopes.
    releaseTokenList: build.query({ queryFn: viaOperator(RELEASE_CALLS.tokens), providesTags: ['ReleaseToken'] }),
    releaseTokenCreate: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.createToken), invalidatesTags: ['ReleaseToken', 'Audit'] }),
    releaseTokenRevoke: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.revokeToken), invalidatesTags: ['ReleaseToken', 'Audit'] }),
    operatorSetReleaseScope: build.mutation({ queryFn: viaOperator(RELEASE_CALLS.setScope), invalidatesTags: ['Operator', 'Audit'] }),
  }),
});

export const {
  useReleaseListQuery,
  useReleaseHealthQuery,
  useReleaseCanaryMutation,
  useReleasePauseMutation,
  useReleasePromoteMutation,
  useReleaseRollbackMutation,
  useReleaseQaMutation,
  useReleasePinMutation,
  useReleaseUnpinMutation,
  useReleaseTokenListQuery,
  useReleaseTokenCreateMutation,
  useReleaseTokenRevokeMutation,
  useOperatorSetReleaseScopeMutation,
} = releaseApi;

/**
 * Publishes a built remote: the archive is the request body as it is (the browser streams the file,
 * never read into memory here), its other fields in the query, with upload progress (0–100). Not an
 * RTK endpoint (a File is no cache key); the caller invalidates 'Release' and 'Audit' once it lands.
 */
export function uploadRelease(request: ReleaseUploadRequest, archive: Blob, onProgress: (percent: number) => void): Promise<ReleaseUploaded> {
  return operatorUpload(RELEASE_CALLS.upload, request, archive, RELEASE_ARCHIVE.mediaType, onProgress);
}
