/** The host's start-up calls and load reports, typed from their contract schemas. */
import type { DataOf } from '../core/route';
import type * as runtime from './schemas';

export * from './values';

export type RuntimeConfig = runtime.RuntimeConfig;
export type RemoteEntry = runtime.RemoteEntry;
export type RemotesList = DataOf<typeof runtime.runtimeRemotes>;
/** GET /api/runtime/rollout: the server's per-user view of the rollout manifest. */
export type RolloutView = runtime.RolloutView;
export type RemoteLoadAnswer = DataOf<typeof runtime.runtimeRemoteLoad>;
/** POST /api/runtime/error-report: one item of the batch the host sends. */
export type ErrorReportItem = runtime.ErrorReportItem;
/** POST /api/runtime/error-report: one page load's field measurement, in `vitals`. */
export type VitalReportItem = runtime.VitalReportItem;
export type ErrorReportAnswer = DataOf<typeof runtime.runtimeErrorReport>;
