import { callKey, routeDataCall } from 'shared-sdk';
import { type DraftSearchArgs, searchDraftsRequest, showDraftRequest } from '../features/drafts/api/draft-api';
import { type ManuscriptListArgs, listManuscriptsRequest } from '../features/manuscripts/api/manuscript-api';
import { dramaDetailRequest, listDramasRequest } from '../features/short-play/api';
import { intParam } from '../lib/search-params';
import routes from './routes';

describe('/draft declares the call its list makes first', () => {
  const data = routes.find((entry) => entry.path === '/draft')?.data;

  it.each<[string, DraftSearchArgs]>([
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

  it.each<[string, ManuscriptListArgs]>([
    ['', { type: 1, status: 20, page: 1, title: '' }],
    ['?type=2&status=0&page=2&title=%E9%BB%84%E6%B2%B3', { type: 2, status: 0, page: 2, title: '黄河' }],
  ])('at %p the host starts exactly the call the screen makes', (search, args) => {
    if (!data) throw new Error('/personalScript declares no data');
    const { url, params } = listManuscriptsRequest(args);
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, params }));
  });
});

describe('/scriptDetail declares the call its detail makes', () => {
  const data = routes.find((entry) => entry.path === '/scriptDetail')?.data;

  // Opened from a list's link (?draftId=); script-detail-page reads the id with intParam.
  it.each(['?draftId=11', '?draftId=11&from=index'])('at %p the host starts exactly the call the screen makes', (search) => {
    if (!data) throw new Error('/scriptDetail declares no data');
    const { url, params } = showDraftRequest(intParam(new URLSearchParams(search), 'draftId', 0));
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, params }));
  });
});

describe('/shortPlay declares the call its list makes first', () => {
  const data = routes.find((entry) => entry.path === '/shortPlay')?.data;

  // The list reads nothing from the address: short-play-page starts at page 1 of SIZE 20.
  it.each(['', '?page=3'])('at %p the host starts exactly the call the screen makes', (search) => {
    if (!data) throw new Error('/shortPlay declares no data');
    const { url, method, body } = listDramasRequest({ page: 1, size: 20 });
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, method, body }));
  });
});

describe('/shortPlay/detail declares the call its detail makes', () => {
  const data = routes.find((entry) => entry.path === '/shortPlay/detail')?.data;

  // Opened from the list (?id=); short-play-detail-page reads Number(params.get('id')).
  it.each(['?id=7', '?id=7&tab=episodes'])('at %p the host starts exactly the call the screen makes', (search) => {
    if (!data) throw new Error('/shortPlay/detail declares no data');
    const { url, method, body } = dramaDetailRequest(Number(new URLSearchParams(search).get('id')) || 0);
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: url, method, body }));
  });
});
