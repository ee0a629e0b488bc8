import { callKey, routeDataCall } from 'shared-sdk';
import { helpCategoriesRequest } from '../features/help/api';
import { rightsRequest } from '../features/rights/api';
import routes from './routes';

describe('routes that declare their screen’s first call', () => {
  it.each([
    ['/rights', rightsRequest()],
    ['/helpCenter', helpCategoriesRequest()],
  ])('%s: the host starts exactly the call the screen makes', (path, request) => {
    const data = routes.find((entry) => entry.path === path)?.data;
    if (!data) throw new Error(`${path} declares no data`);
    expect(callKey(routeDataCall(data, ''))).toBe(callKey({ path: request.url }));
  });
});
