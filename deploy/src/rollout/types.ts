/**
 * The rollout manifest: one JSON document per environment saying which version of each remote
 * users get. Types only, so the host bundle can import them without pulling in Node code.
 */

/** A released version as the host loads it. */
export interface VersionRef {
  version: string;
  /** The remote's entry file inside `<remote>/<version>/` (its `mf-manifest.json`). */
  entry: string;
  /**
   * sha384 subresource-integrity hashes of the files the host itself fetches: `entry` and the
   * JavaScript remote entry it names. The remote's chunks are checked by its own runtime.
   */
  integrity: Record<string, string>;
}

export interface CanaryRef extends VersionRef {
  /** Share of users (0 < percent ≤ 100) bucketed onto the canary. */
  percent: number;
  /**
   * The manifest revision that started this canary run (kept when only the percentage changes):
   * load counts are kept per run, so a canary started again is judged from zero. Absent in
   * manifests written before runs existed (read as 0).
   */
  since?: number;
  /** A paused canary keeps its version and share but nobody is bucketed onto it (pins and QA still reach it). */
  paused?: boolean;
  /** A step plan (e.g. 5 → 25 → 50 → 100 %) that the server advances while the canary is healthy. */
  plan?: StepPlan;
}

/**
 * A canary's step plan: the shares it walks through, at least `pauseMinutes` and the judging minimum
 * of canary loads on each, promoted after the last one, then watched for `watchMinutes`.
 */
export interface StepPlan {
  /** Ascending percentages, the last one 100. */
  steps: number[];
  pauseMinutes: number;
  /** After the promote: how long the new stable is still judged against the previous one. */
  watchMinutes: number;
  /** Index in `steps` of the share the canary is on now. */
  step: number;
  /** ISO time the current step began. */
  stepStartedAt: string;
  /** Canary loads of the run counted when the current step began: the step's own loads are the rest. */
  stepStartLoads: number;
}

/** A version promoted by a step plan, still judged against the stable it replaced until `until`. */
export interface PromoteWatch {
  version: string;
  /** The manifest revision of the promote: reports in the window count in this run. */
  since: number;
  /** ISO end of the window. */
  until: string;
  /** The replaced stable and its counts from the canary run: the rates the new stable must not be worse than. */
  baseline: WatchBaseline;
}

/** The replaced stable's counts a watched version is compared with. */
export interface WatchBaseline {
  version: string | null;
  loads: number;
  failures: number;
  errorSessions: number;
  /** Its field vitals in the canary run; absent in watches written before vitals were measured. */
  vitals?: Partial<Record<VitalName, VitalCounts>>;
}

export type RolloutAction = 'canary' | 'pause' | 'promote' | 'rollback' | 'auto-rollback' | 'pin' | 'unpin' | 'qa-add' | 'qa-remove';

export interface HistoryEntry {
  at: string;
  who: string;
  action: RolloutAction;
  remote: string;
  from: string | null;
  to: string | null;
  reason?: string;
  /** For pins and QA changes: the user concerned. */
  user?: string;
}

export interface RemoteRollout {
  /** Null until the first promote: the host then shows its "module unavailable" fallback. */
  stable: VersionRef | null;
  /** Former stables, newest first: where `rollback` goes back to. */
  previousStable: VersionRef[];
  canary?: CanaryRef;
  /** Set by a step plan's promote; cleared when its window ends or by any canary, promote or rollback. */
  watch?: PromoteWatch;
  /** userId → version, for support and QA; wins over bucketing. */
  pins: Record<string, string>;
  /** Users allowed to pick a version with the `?mf` query override. */
  qaUsers: string[];
  history: HistoryEntry[];
}

export interface RolloutManifest {
  /** Bumped by one on every write; a write names the revision it was based on. */
  revision: number;
  /** Mixed into the bucket hash so that two environments (or a reshuffle) bucket differently. */
  salt: string;
  remotes: Record<string, RemoteRollout>;
}

/** What bucketing needs of a remote's rollout: also the shape of the per-user view the host receives. */
export type RolloutChoiceInput = Pick<RemoteRollout, 'stable' | 'canary' | 'pins' | 'qaUsers'>;

/**
 * Counts per remote and version, fed by the server's reports: page loads that loaded the version, the
 * loads that failed, and (error reports) the page loads in which its screens then failed.
 */
export type RolloutStats = Record<string, Record<string, VersionCounts>>;

export interface VersionCounts {
  loads: number;
  failures: number;
  /** Page loads with at least one error reported after loading (uncaught, error panel, failed call); absent = none known. */
  errorSessions?: number;
  /** Field Core Web Vitals of the version's page views (web-vitals in users' pages); absent = none measured. */
  vitals?: Partial<Record<VitalName, VitalCounts>>;
}

export type VitalName = 'LCP' | 'INP';

export interface VitalCounts {
  /** Page views that measured it. */
  views: number;
  /** Of them, those rated poor (web.dev: LCP above 4,000 ms, INP above 500 ms). */
  poor: number;
}
