/**
 * What users see go wrong in a remote's screens, reported per remote and version so a canary is
 * judged on more than its load failures: uncaught errors and unhandled rejections whose stack runs
 * through a remote's release files (attributed to that remote), its error panel shown (the screen's
 * error boundary), and its screen's calls that failed on the server's or the network's side.
 *
 * Folded (the same failure repeated is one item with a count), batched (sent two seconds after the
 * first, and when the page is hidden), limited per page load, sampled per page load, and without
 * personal data: messages and stacks are cut short and lose their query strings; the server blurs
 * phone numbers and e-mail addresses again. A failed call's item carries its answers' `x-request-id`
 * (the latest few), so an operator finds the same requests in the server's and nginx's logs. Only a logged-in user's page reports (the call is signed
 * for their session), as the load reports do.
 *
 * The same batches carry the page's field vitals (`vitals-reports.ts`, loaded later with
 * web-vitals): the screens on show are kept here with their times from the start, and the vitals
 * chunk books a measurement to the remote version whose screen it measured.
 */
import {
  callApi,
  ERROR_REPORT_LIMITS,
  getToken,
  onCallFailure,
  type ErrorReportAnswer,
  type ErrorReportItem,
  type VitalReportItem,
  withoutUrlQueries,
} from 'shared-sdk';
import { runtime } from 'shared-sdk/contract/calls';

export const ERROR_REPORT_PATH = runtime.runtimeErrorReport.url;

/** A remote's release as the page runs it: its files are under `base`. */
export interface RunningRelease {
  /** The federation name, e.g. mf_tools (the first part of a screen id). */
  name: string;
  /** The remote's folder, e.g. mf-tools. */
  remote: string;
  version: string;
  /** URL prefix of the release's files (`/releases/mf-tools/1.2.0/`). */
  base: string;
}

export interface ErrorReportOptions {
  /** The releases the page runs now (a fallback to stable changes them). */
  releases: () => readonly RunningRelease[];
  send: (pageLoad: string, items: ErrorReportItem[], vitals?: VitalReportItem[]) => Promise<unknown>;
  pageLoad: string;
  /** Share of page loads that report (decided once per page load). */
  sampleRate?: number;
  /** Milliseconds from the first failure to its batch (2,000: a reload soon after still finds it sent). */
  flushAfterMs?: number;
  /** Distinct items one page load may report in all. */
  maxItemsPerPage?: number;
  random?: () => number;
  /** The page's clock, in the timeline of performance entries. */
  now?: () => number;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max - 1) + '…' : text);
/** Query strings and fragments of URLs in a message or a stack can carry tokens: gone. */
function describe(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === 'string') return { message: error, stack: undefined };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: undefined };
  } catch {
    return { message: String(error), stack: undefined };
  }
}

export class ErrorReports {
  private readonly pending = new Map<string, ErrorReportItem>();
  private readonly seen = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly sampledLoad: boolean;
  /** The remote screen on show (its federation name), for the calls it makes. */
  private screen: string | null = null;
  /** Which remote screen was on show since when (page clock): a measurement is of the screen on show at its time. */
  readonly shown: { at: number; screen: string | null }[] = [];
  /** The field vitals waiting for the next batch, once the vitals chunk has loaded. */
  private vitals: (() => VitalReportItem[]) | null = null;

  constructor(private readonly options: ErrorReportOptions) {
    this.sampledLoad = (options.random ?? Math.random)() < (options.sampleRate ?? 1);
  }

  /** Whether this page load reports at all (decided once). */
  get sampled(): boolean {
    return this.sampledLoad;
  }

  private now(): number {
    return (this.options.now ?? (() => performance.now()))();
  }

  release(name: string): RunningRelease | undefined {
    return this.options.releases().find((r) => r.name === name);
  }

  /** The release whose file threw: the first frame of the stack under a running release's base. */
  releaseOfStack(stack: string | undefined): RunningRelease | undefined {
    if (!stack) return undefined;
    const releases = this.options.releases();
    for (const line of stack.split('\n')) {
      const found = releases.find((r) => line.includes(r.base));
      if (found) return found;
    }
    return undefined;
  }

  record(release: RunningRelease, kind: ErrorReportItem['kind'], message: string, stack?: string, requestId?: string): void {
    if (!this.sampledLoad || !getToken()) return;
    const item: ErrorReportItem = {
      remote: release.remote,
      version: release.version,
      kind,
      message: cut(withoutUrlQueries(message), ERROR_REPORT_LIMITS.MESSAGE_CHARS) || kind,
      ...(stack ? { stack: cut(withoutUrlQueries(stack), ERROR_REPORT_LIMITS.STACK_CHARS) } : {}),
      count: 1,
      ...(requestId ? { requestIds: [requestId] } : {}),
    };
    const key = `${item.remote}@${item.version}|${kind}|${item.message}`;
    const folded = this.pending.get(key);
    if (folded) {
      folded.count = Math.min(ERROR_REPORT_LIMITS.COUNT_MAX, folded.count + 1);
      // The latest answers' ids, newest first: what an operator greps the logs for.
      if (requestId) folded.requestIds = [requestId, ...(folded.requestIds ?? [])].slice(0, ERROR_REPORT_LIMITS.REQUEST_IDS);
      return;
    }
    if (!this.seen.has(key) && this.seen.size >= (this.options.maxItemsPerPage ?? 50)) return;
    this.seen.add(key);
    this.pending.set(key, item);
    if (this.pending.size >= ERROR_REPORT_LIMITS.ITEMS_PER_BATCH) this.flush();
    else this.schedule();
  }

  /** A batch goes out soon (the first item of a batch starts the wait). */
  schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.options.flushAfterMs ?? 2000);
  }

  /** The vitals chunk hands over what it measured: taken into each batch. */
  carryVitals(take: () => VitalReportItem[]): void {
    this.vitals = take;
  }

  /** An error or a rejection reached the window: counted when a remote's file threw it. */
  uncaught(kind: 'error' | 'rejection', error: unknown, filename?: string): void {
    const { message, stack } = describe(error);
    const release = this.releaseOfStack(stack) ?? this.releaseOfStack(filename);
    if (release) this.record(release, kind, message, stack);
  }

  /** A screen's error panel was shown. */
  boundary(screenId: string, error: unknown): void {
    const release = this.release(screenId.split('/')[0] ?? '');
    if (!release) return;
    const { message, stack } = describe(error);
    this.record(release, 'boundary', message, stack);
  }

  /** The remote screen now on show; null when it leaves. */
  showing(screenId: string | null): void {
    this.screen = screenId?.split('/')[0] ?? null;
    this.shown.push({ at: this.now(), screen: this.screen });
  }

  leaving(screenId: string): void {
    if (this.screen !== (screenId.split('/')[0] ?? '')) return;
    this.screen = null;
    this.shown.push({ at: this.now(), screen: null });
  }

  /**
   * A call failed (5xx or no answer) while a remote screen was on show; `requestId` is its answer's
   * `x-request-id` as it came (the server keeps only values that are request ids).
   */
  callFailed(method: string, path: string, status: number | undefined, requestId?: string): void {
    if (path === ERROR_REPORT_PATH || !this.screen) return;
    const release = this.release(this.screen);
    if (release) this.record(release, 'api', `${method} ${path} ${status ?? 'no answer'}`, undefined, requestId);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const vitals = this.vitals?.() ?? [];
    if (!this.pending.size && !vitals.length) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    const sent = vitals.length ? this.options.send(this.options.pageLoad, items, vitals) : this.options.send(this.options.pageLoad, items);
    sent.catch((error: unknown) => console.warn('host-shell: an error report was not accepted', error));
  }
}

/** Sends a batch through the SDK's signed client, never showing anything to the user. */
export function signedErrorSender(pageLoad: string, items: ErrorReportItem[], vitals?: VitalReportItem[]): Promise<ErrorReportAnswer> {
  const body = { pageLoad, items: JSON.stringify(items), ...(vitals?.length ? { vitals: JSON.stringify(vitals) } : {}) };
  // Sent as the page hides (a tab closed, maybe): the browser finishes the request after the page is gone.
  const keepalive = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  return callApi(runtime.runtimeErrorReport, body, { skipErrorHandler: true, keepPrefetched: true, keepalive });
}

let active: ErrorReports | null = null;

/** Starts reporting for this page: the window's uncaught errors and rejections, failed calls, page hide. */
export function startErrorReports(options: ErrorReportOptions): ErrorReports {
  const reports = new ErrorReports(options);
  active = reports;
  window.addEventListener('error', (event) => reports.uncaught('error', event.error ?? event.message, event.filename));
  window.addEventListener('unhandledrejection', (event) => reports.uncaught('rejection', event.reason));
  onCallFailure((failure) => reports.callFailed(failure.method, failure.path, failure.status, failure.requestId));
  window.addEventListener('pagehide', () => reports.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reports.flush();
  });
  return reports;
}

/** For the screens' components: nothing happens before the remotes start (or in tests without them). */
export const screenReports = {
  boundary: (screenId: string, error: unknown) => active?.boundary(screenId, error),
  showing: (screenId: string) => active?.showing(screenId),
  leaving: (screenId: string) => active?.leaving(screenId),
};
