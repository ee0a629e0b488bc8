import { onCallFailure, sendRequest, USER_INFO_STORAGE_KEY, type ErrorReportItem } from 'shared-sdk';
import { testServerForFile } from 'shared-sdk/testing/server';
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

describe("ErrorReports: a failed call's request id", () => {
  const server = testServerForFile();
  let sent: ErrorReportItem[][];
  let reports: ErrorReports;

  beforeEach(() => {
    sent = [];
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(VERIFIED_USER));
    reports = new ErrorReports({ releases: () => [TOOLS], send: async (_pageLoad, items) => void sent.push(items), pageLoad: 'page-load-2' });
    reports.showing('mf_tools/Rights');
  });
  afterEach(() => localStorage.clear());

  /** What the SDK tells the host of each failed call goes to these reports, as startErrorReports wires it. */
  async function failedCall(path: string, requestId: string): Promise<void> {
    server.handle(() => ({ status: 502, body: {}, headers: { 'x-request-id': requestId } }));
    const stop = onCallFailure((failure) => reports.callFailed(failure.method, failure.path, failure.status, failure.requestId));
    await sendRequest({ path, skipErrorHandler: true }).catch(() => undefined);
    stop();
  }

  it("reports the answers' x-request-id of a failed call, newest first (the server checks them)", async () => {
    await failedCall('/api/tool/list', '7f3a9c1e5b2d4a6f8e0c1b3d5f7a9e2c');
    await failedCall('/api/tool/list', '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0');
    await failedCall('/api/tool/detail', 'c0ffee00c0ffee00');
    reports.flush();
    expect(sent[0]).toEqual([
      expect.objectContaining({
        kind: 'api',
        message: 'GET /api/tool/list 502',
        count: 2,
        requestIds: ['0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', '7f3a9c1e5b2d4a6f8e0c1b3d5f7a9e2c'],
      }),
      expect.objectContaining({ kind: 'api', message: 'GET /api/tool/detail 502', count: 1, requestIds: ['c0ffee00c0ffee00'] }),
    ]);
  });
});
