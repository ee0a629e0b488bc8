import { USER_INFO_STORAGE_KEY, type ErrorReportItem } from 'shared-sdk';
import { VERIFIED_USER } from '../testing/fixtures';
import { ErrorReports, type RunningRelease } from './error-reports';

const TOOLS: RunningRelease = { name: 'mf_tools', remote: 'mf-tools', version: '1.1.0', base: '/releases/mf-tools/1.1.0/' };
const DRAFTS: RunningRelease = { name: 'mf_drafts', remote: 'mf-drafts', version: '2.0.0', base: '/releases/mf-drafts/2.0.0/' };

function thrownIn(file: string, message = 'boom'): Error {
  const error = new TypeError(message);
  error.stack = `TypeError: ${message}\n    at Screen (http://localhost/static/js/react-dom.js:1:2)\n    at onClick (http://localhost${file}?v=1&token=abc:3:4)`;
  return error;
}

describe('ErrorReports', () => {
  let sent: { pageLoad: string; items: ErrorReportItem[] }[];
  let reports: ErrorReports;
  const make = (options: Partial<ConstructorParameters<typeof ErrorReports>[0]> = {}) =>
    new ErrorReports({
      releases: () => [TOOLS, DRAFTS],
      send: async (pageLoad, items) => void sent.push({ pageLoad, items: items.map((item) => ({ ...item })) }),
      pageLoad: 'page-load-1',
      ...options,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(VERIFIED_USER));
    reports = make();
  });
  afterEach(() => {
    jest.useRealTimers();
    localStorage.clear();
  });

  it('books an uncaught error to the remote whose release file threw, folded and sent after a few seconds without query strings', () => {
    for (let i = 0; i < 3; i++) reports.uncaught('error', thrownIn('/releases/mf-drafts/2.0.0/static/js/list.js'));
    reports.uncaught('rejection', thrownIn('/static/js/host-main.js'));
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.pageLoad).toBe('page-load-1');
    expect(sent[0]?.items).toEqual([expect.objectContaining({ remote: 'mf-drafts', version: '2.0.0', kind: 'error', message: 'TypeError: boom', count: 3 })]);
    expect(sent[0]?.items[0]?.stack).toContain('/releases/mf-drafts/2.0.0/static/js/list.js:3:4');
    expect(sent[0]?.items[0]?.stack).not.toContain('token=abc');
  });

  it("counts a screen's error panel and the calls that failed while it was on show", () => {
    reports.boundary('mf_tools/Rights', new Error('render failed'));
    reports.callFailed('GET', '/api/tool/list', 502);
    reports.showing('mf_tools/Rights');
    reports.callFailed('GET', '/api/tool/list', 502);
    reports.callFailed('POST', '/api/runtime/error-report', undefined);
    reports.leaving('mf_tools/Rights');
    reports.callFailed('GET', '/api/tool/list', 502);
    reports.flush();
    expect(sent[0]?.items.map((i) => [i.remote, i.kind, i.message, i.count])).toEqual([
      ['mf-tools', 'boundary', 'Error: render failed', 1],
      ['mf-tools', 'api', 'GET /api/tool/list 502', 1],
    ]);
  });

  it('sends a full batch at once, and at most a bounded number of distinct failures per page load', () => {
    reports = make({ maxItemsPerPage: 25 });
    for (let i = 0; i < 30; i++) reports.boundary('mf_tools/Rights', new Error(`failure ${i}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.items).toHaveLength(20);
    reports.flush();
    expect(sent[1]?.items).toHaveLength(5);
  });

  it('reports nothing when the page load is not sampled, or nobody is logged in', () => {
    make({ sampleRate: 0.1, random: () => 0.5 }).boundary('mf_tools/Rights', new Error('x'));
    localStorage.clear();
    reports.boundary('mf_tools/Rights', new Error('x'));
    jest.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });
});
