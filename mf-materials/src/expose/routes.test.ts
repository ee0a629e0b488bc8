import { callKey, routeDataCall } from 'shared-sdk';
import { readFilters, toListRequest } from '../features/library/filters';
import { libraryScope } from '../features/library/library-scope';
import routes from './routes';

describe.each(['0', '1'])('/material/%s declares the call its library makes first', (myset) => {
  const data = routes.find((entry) => entry.path === `/material/${myset}`)?.data;

  it.each(['', '?type=3&check=1&keyword=%E9%BB%84%E6%B2%B3&page=2', '?check=3'])('at %p the host starts exactly the call the screen makes', (search) => {
    if (!data) throw new Error(`/material/${myset} declares no data`);
    const scope = libraryScope(myset);
    const body = toListRequest(readFilters(new URLSearchParams(search), scope), scope);
    expect(callKey(routeDataCall(data, search))).toBe(callKey({ path: '/api/material/list', method: 'POST', body: { ...body } }));
  });
});

it('keeps every other value of :myset on the library, after the two declared ones', () => {
  const paths = routes.map((entry) => entry.path);
  expect(paths.indexOf('/material/:myset')).toBeGreaterThan(paths.indexOf('/material/1'));
  expect(routes.find((entry) => entry.path === '/material/:myset')?.module).toBe('./MaterialList');
});
