import { USER_INFO_STORAGE_KEY, type ErrorReportItem, type VitalReportItem } from 'shared-sdk';
import { VERIFIED_USER } from '../testing/fixtures';
import { ErrorReports, type RunningRelease } from './error-reports';
import type { VitalMetric } from './vitals-reports';
import { startVitalsReports, VITALS_LOAD_AFTER_MS } from './vitals-start';

// web-vitals itself needs a browser's performance observers: here its two subscriptions hand their
// callbacks to the test, which calls them as the library does in a page (LCP final at the first
// input, INP when the page is hidden). The reporter under test is the real one.
const subscribed: { LCP: ((metric: VitalMetric) => void)[]; INP: ((metric: VitalMetric) => void)[] } = { LCP: [], INP: [] };
jest.mock('web-vitals', () => ({
  onLCP: (callback: (metric: VitalMetric) => void) => subscribed.LCP.push(callback),
  onINP: (callback: (metric: VitalMetric) => void) => subscribed.INP.push(callback),
}));

const TOOLS: RunningRelease = { name: 'mf_tools', remote: 'mf-tools', version: '1.1.0', base: '/releases/mf-tools/1.1.0/' };
const DRAFTS: RunningRelease = { name: 'mf_drafts', remote: 'mf-drafts', version: '2.0.0', base: '/releases/mf-drafts/2.0.0/' };

const lcp = (value: number, paintedAt: number): VitalMetric => ({
  name: 'LCP',
  value,
  rating: value > 4000 ? 'poor' : value > 2500 ? 'needs-improvement' : 'good',
  entries: [{ startTime: paintedAt }],
});
const inp = (value: number, interactedAt: number): VitalMetric => ({
  name: 'INP',
  value,
  rating: value > 500 ? 'poor' : value > 200 ? 'needs-improvement' : 'good',
  entries: [{ startTime: interactedAt }, { startTime: interactedAt }],
});

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('field vitals of the remotes', () => {
  let sent: { pageLoad: string; items: ErrorReportItem[]; vitals?: VitalReportItem[] }[];
  let clock: number;
  const make = (options: Partial<ConstructorParameters<typeof ErrorReports>[0]> = {}) =>
    new ErrorReports({
      releases: () => [TOOLS, DRAFTS],
      send: async (pageLoad, items, vitals) => void sent.push({ pageLoad, items: [...items], ...(vitals ? { vitals: [...vitals] } : {}) }),
      pageLoad: 'page-load-7',
      now: () => clock,
      ...options,
    });
  /** Starts the reporter; a first pointer move lets web-vitals load when idle. */
  async function started(reports: ErrorReports) {
    const done = startVitalsReports(reports);
    window.dispatchEvent(new Event('pointermove'));
    jest.advanceTimersByTime(200);
    await done;
    return reports;
  }

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    clock = 0;
    subscribed.LCP = [];
    subscribed.INP = [];
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(VERIFIED_USER));
  });
  afterEach(() => {
    jest.useRealTimers();
    localStorage.clear();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it("books LCP to the first screen's version and INP to the screen of the slow interaction, batched with the errors", async () => {
    const reports = await started(make());
    expect(subscribed.LCP).toHaveLength(1);
    expect(subscribed.INP).toHaveLength(1);
    clock = 100;
    reports.showing('mf_tools/Rights');
    // The first input ends LCP: web-vitals reports it then, painted at 1,800 ms while the tools screen showed.
    clock = 5000;
    subscribed.LCP[0]!(lcp(4321.6, 1800));
    reports.boundary('mf_tools/Rights', new Error('render failed'));
    jest.advanceTimersByTime(2000);
    expect(sent).toEqual([
      {
        pageLoad: 'page-load-7',
        items: [expect.objectContaining({ remote: 'mf-tools', kind: 'boundary' })],
        vitals: [{ remote: 'mf-tools', version: '1.1.0', name: 'LCP', value: 4322, rating: 'poor' }],
      },
    ]);
    // On to the drafts: a slow click there; the page is then hidden and web-vitals reports INP.
    clock = 6000;
    reports.leaving('mf_tools/Rights');
    reports.showing('mf_drafts/DraftList');
    clock = 9000;
    hide();
    subscribed.INP[0]!(inp(640, 7500));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      pageLoad: 'page-load-7',
      items: [],
      vitals: [{ remote: 'mf-drafts', version: '2.0.0', name: 'INP', value: 640, rating: 'poor' }],
    });
    // Reported again (hidden and shown again): once per page load only.
    subscribed.LCP[0]!(lcp(900, 1800));
    subscribed.INP[0]!(inp(800, 7500));
    jest.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it("counts nothing for a host page's paint or click, and nothing when the page load is not sampled or nobody is logged in", async () => {
    const reports = await started(make());
    clock = 3000;
    reports.showing('mf_tools/Rights');
    // The largest paint happened at 1,200 ms, before any remote screen (the host's own page).
    subscribed.LCP[0]!(lcp(1500, 1200));
    reports.leaving('mf_tools/Rights');
    clock = 8000;
    subscribed.INP[0]!(inp(300, 7000));
    jest.advanceTimersByTime(5000);
    expect(sent).toEqual([]);

    subscribed.LCP = [];
    const unsampled = make({ sampleRate: 0.1, random: () => 0.5 });
    await started(unsampled);
    expect(subscribed.LCP).toHaveLength(0);

    const loggedOut = await started(make());
    loggedOut.showing('mf_tools/Rights');
    localStorage.clear();
    subscribed.LCP.at(-1)!(lcp(5000, clock + 1));
    jest.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
  });

  it('loads web-vitals only after the first screen: at the first activity, or after a while without any', async () => {
    const done = startVitalsReports(make());
    jest.advanceTimersByTime(VITALS_LOAD_AFTER_MS - 1);
    await Promise.resolve();
    expect(subscribed.LCP).toHaveLength(0);
    jest.advanceTimersByTime(1 + 200);
    await done;
    expect(subscribed.LCP).toHaveLength(1);
  });

  it('books the LCP of a page hidden before web-vitals came (left within 10 s, untouched), once', async () => {
    // The browser's buffer of LCP entries, as a buffered observer takes it (jsdom has no paint timing).
    const paints = [{ startTime: 900 }, { startTime: 1800 }];
    class BufferedObserver {
      private records: { startTime: number }[] = [];
      observe(options: { type: string; buffered?: boolean }) {
        if (options.type === 'largest-contentful-paint' && options.buffered) this.records = [...paints];
      }
      takeRecords() {
        return this.records.splice(0);
      }
      disconnect() {}
    }
    Object.defineProperty(window, 'PerformanceObserver', { configurable: true, writable: true, value: BufferedObserver });
    try {
      const reports = make();
      const done = startVitalsReports(reports);
      clock = 100;
      reports.showing('mf_tools/Rights');
      clock = 3000;
      hide();
      expect(sent).toEqual([
        { pageLoad: 'page-load-7', items: [], vitals: [{ remote: 'mf-tools', version: '1.1.0', name: 'LCP', value: 1800, rating: 'good' }] },
      ]);
      // Shown again and used: web-vitals loads and reports an LCP too, which is not booked twice.
      jest.advanceTimersByTime(VITALS_LOAD_AFTER_MS + 200);
      await done;
      subscribed.LCP[0]!(lcp(1800, 1800));
      jest.advanceTimersByTime(5000);
      expect(sent).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, 'PerformanceObserver');
    }
  });

  it('caps an absurd value to the bounds the server takes', async () => {
    const reports = await started(make());
    reports.showing('mf_tools/Rights');
    subscribed.LCP[0]!(lcp(250_000, 10));
    reports.flush();
    expect(sent[0]?.vitals?.[0]?.value).toBe(60_000);
  });
});
