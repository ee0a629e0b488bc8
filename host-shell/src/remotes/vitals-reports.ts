/**
 * Field Core Web Vitals of users' pages, for the canary analysis: web-vitals' LCP (largest contentful
 * paint) and INP (interaction to next paint), each reported once per page load when final (LCP at the
 * first input or when the page hides, INP when the page hides), and booked to the remote version
 * whose screen was on show when the measured paint or interaction happened (a host page's own paint
 * or click counts for nobody). They travel in the error reports' batches, sampled and limited with
 * them, and carry nothing but the remote, version, metric, value and rating.
 *
 * web-vitals is loaded only when the page is sampled, at the first sign of someone using the page
 * (or 10 seconds after start), when the browser is idle: never among the first screen's bytes. Its
 * observers read buffered entries (the paints, the slow interactions), so nothing before is missed.
 */
import type { VitalReportItem } from 'shared-sdk';
import type { ErrorReports } from './error-reports';
import { onFirstActivity, whenIdle } from './manifest-cache';

/** When no pointer or key has moved by then, web-vitals loads anyway (a page may be read and left untouched). */
export const VITALS_LOAD_AFTER_MS = 10_000;

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

/** Books a final metric to the screen on show when its entry (paint or interaction) happened. */
export function measured(reports: ErrorReports, metric: VitalMetric): void {
  if (metric.name !== 'LCP' && metric.name !== 'INP') return;
  const time = metric.name === 'LCP' ? metric.entries.at(-1)?.startTime : metric.entries[0]?.startTime;
  if (time === undefined) return;
  const screen = reports.screenAt(time);
  const release = screen ? reports.release(screen) : undefined;
  if (release) reports.vital(release, metric.name, metric.value, metric.rating);
}

/** Subscribes to the library's final LCP and INP of this page load. */
export function watchVitals(reports: ErrorReports, library: VitalsLibrary): void {
  library.onLCP((metric) => measured(reports, metric));
  library.onINP((metric) => measured(reports, metric));
}

/** Loads web-vitals after the first screen (sampled pages only) and starts measuring; a failed load costs nothing. */
export function startVitalsReports(
  reports: ErrorReports,
  load: () => Promise<VitalsLibrary> = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
): Promise<void> {
  if (!reports.sampled) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      whenIdle(resolve);
    };
    const timer = setTimeout(start, VITALS_LOAD_AFTER_MS);
    onFirstActivity(start);
  })
    .then(load)
    .then((library) => watchVitals(reports, library))
    .catch((error: unknown) => console.warn('host-shell: web vitals are not measured in this page', error));
}
