import { callApi, getToken } from 'shared-sdk';
import { runtime } from 'shared-sdk/contract/calls';

export const LOAD_REPORT_PATH = runtime.runtimeRemoteLoad.url;

/** One remote version's load in this page: the server's failure rate needs the successes too. */
export interface LoadReport {
  remote: string;
  version: string;
  ok: boolean;
  /** entry: the remote itself (manifest, entry script, chunks); screen: the exposed module; retry: stable after a fallback. */
  phase: 'entry' | 'screen' | 'retry';
}

export type Reporter = (report: LoadReport) => void;

/** This page load's id: the server counts at most one report per user, remote, version and page load. */
export function newPageLoadId(): string {
  return crypto.randomUUID();
}

/**
 * Sends reports through the SDK's signed client (the server takes them only from signed, logged-in
 * sessions). Fire and forget: a lost report costs one count, never the screen. A visitor's loads are
 * not reported: they are all on stable and could not be signed for anyway.
 */
export function signedLoadReporter(pageLoad: string): Reporter {
  return (report) => {
    if (!getToken()) return;
    callApi(runtime.runtimeRemoteLoad, { ...report, ok: String(report.ok), pageLoad }, { skipErrorHandler: true, keepPrefetched: true }).catch(
      (error: unknown) => {
        console.warn('host-shell: a remote load report was not accepted', error);
      },
    );
  };
}
