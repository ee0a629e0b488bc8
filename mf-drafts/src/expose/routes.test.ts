import { callKey, routeDataCall } from 'shared-sdk';
import { searchDraftsRequest } from '../features/drafts/api/draft-api';
import { listManuscriptsRequest } from '../features/manuscripts/api/manuscript-api';
import routes from './routes';

describe('/draft declares the call its list makes first', () => {
  const data = routes.find((entry) => entry.path === '/draft')?.data;

  it.each([
    ['', { type: 0, page: 1, title: '' }],
    ['?type=2&page=3&title=%E9%BB%84%E6%B2%B3', { type: 2, page: 3, title: '黄河' }],
  ])('at %p the host starts exactly the call the screen makes', (search, args) => {
    if (!data) throw new Error('/draft declares no data');
    const { url, params } = searchDraftsRequest(args);
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, params }));
  });
});

describe('/personalScript declares the call its library makes first', () => {
  const data = routes.find((entry) => entry.path === '/personalScript')?.data;

  it.each([
    ['', { type: 1, status: 20, page: 1, title: '' }],
    ['?type=2&status=0&page=2&title=%E9%BB%84%E6%B2%B3', { type: 2, status: 0, page: 2, title: '黄河' }],
  ])('at %p the host starts exactly the call the screen makes', (search, args) => {
    if (!data) throw new Error('/personalScript declares no data');
    const { url, params } = listManuscriptsRequest(args);
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, params }));
  });
});
