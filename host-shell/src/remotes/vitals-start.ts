/**
 * When the field vitals start (`vitals-reports.ts`): on sampled pages only, at the first sign of
 * someone using the page (or 10 seconds after start), when the browser is idle. Then web-vitals and
 * the reporter load together, as one chunk: neither is among the first screen's bytes. The library's
 * observers read buffered entries (the paints, the slow interactions), and the screens on show are
 * kept by the error reports from the start, so nothing before is missed. A page hidden before the
 * chunk came has its LCP booked as it hides (`vitals-booking.ts`).
 */
import type { ErrorReports } from './error-reports';
import { onFirstActivity, whenIdle } from './manifest-cache';
import { bookLcpOnEarlyHide, VitalsBooking } from './vitals-booking';
import type { VitalsLibrary } from './vitals-reports';

/** When no pointer or key has moved by then, web-vitals loads anyway (a page may be read and left untouched). */
export const VITALS_LOAD_AFTER_MS = 10_000;

/** Loads web-vitals and the reporter after the first screen (sampled pages only); a failed load costs nothing. */
export function startVitalsReports(
  reports: ErrorReports,
  load: () => Promise<VitalsLibrary> = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
): Promise<void> {
  if (!reports.sampled) return Promise.resolve();
  const booking = new VitalsBooking(reports);
  // Left before web-vitals came (within 10 s, untouched): the LCP so far is booked as the page hides.
  const early = bookLcpOnEarlyHide(booking);
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
    .then(() => Promise.all([load(), import(/* webpackChunkName: "web-vitals" */ './vitals-reports')]))
    .then(([library, { watchVitals }]) => {
      early.stop();
      watchVitals(booking, library);
    })
    .catch((error: unknown) => console.warn('host-shell: web vitals are not measured in this page', error));
}
