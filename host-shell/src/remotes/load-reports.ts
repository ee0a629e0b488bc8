export const LOAD_REPORT_URL = '/api/runtime/remote-load';

/** One remote version's load in this page: the server's failure rate needs the successes too. */
export interface LoadReport {
  remote: string;
  version: string;
  ok: boolean;
  /** entry: the remote itself (manifest, entry script, chunks); screen: the exposed module; retry: stable after a fallback. */
  phase: 'entry' | 'screen' | 'retry';
}

export type Reporter = (report: LoadReport) => void;

/** Fire and forget (keepalive: the user may leave the page at once): a lost report costs one count, never the screen. */
export const postLoadReport: Reporter = (report) => {
  try {
    void fetch(LOAD_REPORT_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...report, ok: String(report.ok) }),
    }).catch(() => undefined);
  } catch {
    // Nothing to do: reporting is best effort.
  }
};
