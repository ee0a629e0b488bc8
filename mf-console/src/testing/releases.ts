/** The release API's answers as the console's tests build them: the contract's shapes, filled in with a quiet remote. */
import type { ReleaseRemote, ReleaseVersionHealth } from '../api/releases';

/** A remote on stable 1.0.0, its one published version: no canary, QA users, pins or history unless given. */
export const remoteOf = (remote: string, fields: Partial<ReleaseRemote> = {}): ReleaseRemote => ({
  remote,
  stable: '1.0.0',
  canary: null,
  previous: [],
  versions: ['1.0.0'],
  qa_users: [],
  pins: {},
  history: [],
  ...fields,
});

/** A version's health in the current run: nothing counted, no vitals, no errors unless given. */
export const versionHealthOf = (version: string, role: ReleaseVersionHealth['role'], fields: Partial<ReleaseVersionHealth> = {}): ReleaseVersionHealth => ({
  version,
  role,
  loads: 0,
  failures: 0,
  error_sessions: 0,
  vitals: { LCP: { views: 0, poor: 0 }, INP: { views: 0, poor: 0 } },
  top_errors: [],
  ...fields,
});
