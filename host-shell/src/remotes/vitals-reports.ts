/**
 * Field Core Web Vitals of users' pages, for the canary analysis: web-vitals' LCP (largest contentful
 * paint) and INP (interaction to next paint), each reported once per page load when final (LCP at the
 * first input or when the page hides, INP when the page hides), and booked to the remote version
 * whose screen was on show when the measured paint or interaction happened (a host page's own paint
 * or click counts for nobody). They travel in the error reports' batches, sampled and limited with
 * them, and carry nothing but the remote, version, metric, value and rating.
 *
 * This module is loaded with web-vitals, after the first screen (`vitals-start.ts`).
 */
import { getToken, VITAL_LIMITS, type VitalReportItem } from 'shared-sdk';
import type { ErrorReports, RunningRelease } from './error-reports';

/** What the reporter reads of a web-vitals metric. */
export interface VitalMetric {
  name: string;
  value: number;
  rating: VitalReportItem['rating'];
  /** The performance entries measured: the LCP element's paint, or the events of the slowest interaction. */
  entries: readonly { startTime: number }[];
}

type Subscribe = (callback: (metric: VitalMetric) => void) => void;

/** The parts of web-vitals the reporter uses. */
export interface VitalsLibrary {
  onLCP: Subscribe;
  onINP: Subscribe;
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

/** Subscribes to the library's final LCP and INP of this page load. */
export function watchVitals(reports: ErrorReports, library: VitalsLibrary): void {
  const booking = new VitalsBooking(reports);
  library.onLCP((metric) => booking.measured(metric));
  library.onINP((metric) => booking.measured(metric));
}
