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
import type { VitalMetric, VitalsBooking } from './vitals-booking';

export type { VitalMetric };

type Subscribe = (callback: (metric: VitalMetric) => void) => void;

/** The parts of web-vitals the reporter uses. */
export interface VitalsLibrary {
  onLCP: Subscribe;
  onINP: Subscribe;
}

/** Subscribes to the library's final LCP and INP of this page load. */
export function watchVitals(booking: VitalsBooking, library: VitalsLibrary): void {
  library.onLCP((metric) => booking.measured(metric));
  library.onINP((metric) => booking.measured(metric));
}
