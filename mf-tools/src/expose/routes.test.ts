import { callKey, routeDataCall } from 'shared-sdk';
import { certificationStateRequest } from '../features/certification/api';
import { helpCategoriesRequest } from '../features/help/api';
import { listJobsRequest } from '../features/jobs/api';
import { rankListRequest } from '../features/rank/api';
import { rightsRequest } from '../features/rights/api';
import routes from './routes';

/** What the screen's own request is, as the host's early call is compared to it. */
interface ScreenRequest {
  url: string;
  method?: 'GET' | 'POST';
  params?: object;
  body?: object;
}

const declared = (path: string) => {
  const data = routes.find((entry) => entry.path === path)?.data;
  if (!data) throw new Error(`${path} declares no data`);
  return data;
};

describe('routes that declare their screen’s first call', () => {
  it.each([
    ['/rights', rightsRequest()],
    ['/helpCenter', helpCategoriesRequest()],
  ])('%s: the host starts exactly the call the screen makes', (path, request) => {
    expect(callKey(routeDataCall(declared(path), ''))).toBe(callKey({ path: request.url }));
  });

  // These screens take nothing from the address: any query leaves their first call as it is.
  it.each<[string, string, ScreenRequest]>([
    // job-list-page's initial state: 全部 (0), page 1, SIZE 10.
    ['/tools/job/index', '', listJobsRequest({ status: 0, page: 1, size: 10 })],
    ['/tools/job/index', '?status=2&page=3', listJobsRequest({ status: 0, page: 1, size: 10 })],
    // rank-page's initial state: 周榜, the first type.
    ['/rank', '', rankListRequest({ period: 'week', type: 0 })],
    ['/rank', '?period=month&type=2', rankListRequest({ period: 'week', type: 0 })],
    ['/govAffairs', '', certificationStateRequest('gov')],
    ['/govAffairs', '?from=menu', certificationStateRequest('gov')],
    ['/enterprise', '', certificationStateRequest('enterprise')],
    ['/enterprise', '?from=menu', certificationStateRequest('enterprise')],
  ])('%s at %p: the host starts exactly the call the screen makes', (path, search, request) => {
    const { url, method, params, body } = request;
    expect(callKey(routeDataCall(declared(path), search))).toBe(callKey({ path: url, method, params, body }));
  });
});
