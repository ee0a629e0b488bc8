/**
 * The deploy package's Node API, for the API server (serving the rollout, counting loads, rolling
 * back automatically) and for scripts. The host bundle imports `deploy/bucket` and `deploy/types`
 * instead: this entry pulls in Node modules.
 */
export { ConflictError, RefusalError } from './errors';
export type { BlobStore } from './store/blob-store';
export { FolderBlobStore } from './store/folder-blob-store';
export { BucketBlobStore, type ObjectStoreLike } from './store/bucket-blob-store';
export { ReleaseStore } from './store/release-store';
export type { ReleaseInfo, StoredRoute, SharedSingleton } from './store/release-types';
export { cachedReleaseLookup } from './store/cached-lookup';
export { publish, type PublishOptions } from './publish/publish';
export { DEFAULT_ARCHIVE_LIMITS, packDist, publishArchive, unpackArchive, type ArchiveLimits } from './publish/archive';
export { incompatibilities, SINGLETONS, type HostProvides } from './publish/compat';
export { defaultHostSource, hostProvidesFromManifest, loadHostProvides } from './publish/host-provides';
export { checkHost, hostBreakLine, releasedVersions, type HostBreak, type ReleasedVersion } from './publish/host-check';
export * as operations from './operations';
export { compareVersions } from './semver';
export type { DeployContext } from './operations';
export {
  analysisOf,
  DEFAULT_POLICY,
  judgeCanaries,
  recordLoad,
  type AnalysisFigures,
  type AutoRollbackPolicy,
  type CanaryVerdict,
} from './rollout/auto-rollback';
export { applyPlanDecisions, decidePlans, type PlanDecision } from './rollout/plan';
export { DEFAULT_WATCH_MINUTES, type PlanRequest } from './rollout/steps';
export { clientRollout, type ClientRemote, type ClientRollout, type ReleaseLookup } from './rollout/client-view';
export { bucketOf, chooseVersion, hash32, type VersionChoice } from './bucket';
export type * from './rollout/types';
