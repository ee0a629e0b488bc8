/**
 * The booking of a page load's field vitals (`vitals-reports.ts` has the whole story): one LCP and
 * one INP at most, each booked to the remote version whose screen was on show when the measured
 * paint or interaction happened, and handed to the error reports' batches. It lives in the first
 * screen's code, without web-vitals, for one case the library cannot see: a page hidden (closed,
 * switched away from) before anyone touched it and before web-vitals loaded. Its LCP is then read
 * from the browser's buffer there and then (`bookLcpOnEarlyHide`).
 */
import { getToken, VITAL_LIMITS, VITAL_POOR_ABOVE_MS, type VitalReportItem } from 'shared-sdk';
import type { ErrorReports, RunningRelease } from './error-reports';

/** What the reporter reads of a web-vitals metric. */
export interface VitalMetric {
  name: string;
  value: number;
  rating: VitalReportItem['rating'];
  /** The performance entries measured: the LCP element's paint, or the events of the slowest interaction. */
  entries: readonly { startTime: number }[];
}

/** The remote screen (federation name) on show at `time` of the page clock, if any. */
export function screenAt(reports: ErrorReports, time: number): string | null {
  let screen: string | null = null;
  for (const entry of reports.shown) {
    if (entry.at > time) break;
    screen = entry.screen;
  }
  return screen;
}

/** The page's field vitals waiting for the error reports' next batch. */
export class VitalsBooking {
  private readonly pending: VitalReportItem[] = [];
  private readonly sent = new Set<string>();

  constructor(private readonly reports: ErrorReports) {
    reports.carryVitals(() => this.pending.splice(0));
  }

  /**
   * A field vital of this page load (one of each name), of a release: sent with the next batch, at
   * once when the page is already hidden (web-vitals reports its final values as the page hides).
   */
  vital(release: RunningRelease, name: VitalReportItem['name'], value: number, rating: VitalReportItem['rating']): void {
    if (!this.reports.sampled || !getToken() || this.sent.has(name) || !Number.isFinite(value)) return;
    this.sent.add(name);
    this.pending.push({
      remote: release.remote,
      version: release.version,
      name,
      value: Math.min(Math.max(Math.round(value), 0), VITAL_LIMITS.MAX_MS),
      rating,
    });
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.reports.flush();
    else this.reports.schedule();
  }

  /** Books a final metric to the screen on show when its entry (paint or interaction) happened. */
  measured(metric: VitalMetric): void {
    if (metric.name !== 'LCP' && metric.name !== 'INP') return;
    const time = metric.name === 'LCP' ? metric.entries.at(-1)?.startTime : metric.entries[0]?.startTime;
    if (time === undefined) return;
    const screen = screenAt(this.reports, time);
    const release = screen ? this.reports.release(screen) : undefined;
    if (release) this.vital(release, metric.name, metric.value, metric.rating);
  }
}

/** web.dev's LCP rating (web-vitals rates the same way): good up to 2.5 s, poor above 4 s. */
const lcpRating = (value: number): VitalReportItem['rating'] => (value > VITAL_POOR_ABOVE_MS.LCP ? 'poor' : value > 2_500 ? 'needs-improvement' : 'good');

/**
 * Until `stop()` (web-vitals has loaded and watches from then on): when the page is hidden, its
 * largest paint so far is booked as the page load's LCP. The browser keeps LCP entries for a
 * buffered observer, which takes them at once (`takeRecords`): nothing waits for a callback that
 * an unloading page would never run. A page that was hidden from the start (opened in a
 * background tab) measures nothing, as web-vitals does.
 */
export function bookLcpOnEarlyHide(booking: VitalsBooking): { stop: () => void } {
  if (typeof PerformanceObserver === 'undefined' || document.visibilityState === 'hidden') return { stop: () => undefined };
  const onHide = () => {
    if (document.visibilityState !== 'hidden') return;
    stop();
    const observer = new PerformanceObserver(() => undefined);
    try {
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      return; // A browser without LCP entries.
    }
    const last = observer.takeRecords().at(-1);
    observer.disconnect();
    if (last) booking.measured({ name: 'LCP', value: last.startTime, rating: lcpRating(last.startTime), entries: [last] });
  };
  const stop = () => document.removeEventListener('visibilitychange', onHide, true);
  document.addEventListener('visibilitychange', onHide, true);
  return { stop };
}
