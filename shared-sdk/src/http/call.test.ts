/**
 * @jest-environment node
 */
import * as calls from '../contract/calls';
import { bindStore, sessionStarted } from '../session';
import { createAppStore, routeEndpoint, routeQuery } from '../store';
import { makeUser } from '../testing/fixtures';
import { testServerForFile } from '../testing/test-server';
import type { MaterialListAnswer } from '../contract';
import { callApi, newsCall } from './call';

const server = testServerForFile();
let unbind: () => void;
beforeEach(() => {
  const store = createAppStore();
  store.dispatch(sessionStarted(makeUser()));
  unbind = bindStore(store);
});
afterEach(() => unbind());

describe('callApi', () => {
  it('sends a GET call’s fields in the query string of its declared URL and resolves to its data', async () => {
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: { id: 7 } } }));
    await expect(callApi(calls.drafts.draftShow, { id: 7 })).resolves.toEqual({ id: 7 });
    const [sent] = server.requests;
    expect([sent?.method, sent?.path, sent?.query.get('id')]).toEqual(['GET', '/api/draft/show', '7']);
  });

  it('sends a POST call’s fields as its form body', async () => {
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: null } }));
    await callApi(calls.drafts.draftDelete, { ids: '3,4' });
    const [sent] = server.requests;
    expect([sent?.method, sent?.path, sent?.form.get('ids')]).toEqual(['POST', '/api/draft/del', '3,4']);
  });
});

describe('routeQuery and routeEndpoint', () => {
  it('give sdkBaseQuery the declared URL and method, the fields where the method sends them', () => {
    expect(routeQuery(calls.drafts.draftShow, { id: 7 }, { skipErrorHandler: true })).toEqual({
      url: '/api/draft/show',
      method: 'GET',
      params: { id: 7 },
      skipErrorHandler: true,
    });
    expect(routeQuery(calls.materials.materialDetail, { id: 5 })).toEqual({ url: '/api/material/showChild', method: 'POST', body: { id: 5 } });
    expect(routeQuery(calls.rights.rightsIndex)).toEqual({ url: '/api/rights/index', method: 'GET' });
    const endpoint = routeEndpoint(calls.drafts.draftShow, (id: number) => ({ id }));
    expect(endpoint.query(9)).toEqual({ url: '/api/draft/show', method: 'GET', params: { id: 9 } });
  });
});

// Every call of the contract has its ref, with its declared method and URL (the RefsOf type of
// contract/calls.ts), and a call paired with the wrong request or answer does not compile.
export async function wrongPairings(): Promise<void> {
  // @ts-expect-error draft show takes an id, not a title
  await callApi(calls.drafts.draftShow, { title: 'x' });
  // @ts-expect-error draft show answers a draft, not a material list
  const _list: MaterialListAnswer = await callApi(calls.drafts.draftShow, { id: 1 });
  // @ts-expect-error a ref's URL is its declaration's
  const _ref: typeof calls.drafts.draftShow = { method: 'GET', url: '/api/draft/search' };
  // @ts-expect-error the newspaper's issue answers its pages, not a material list
  const _pages: MaterialListAnswer = await newsCall(calls.newspaper.hisPaper, { date: '2024-05-01', type: 1 });
  // @ts-expect-error an issue is asked for by its day, not by a page number
  await newsCall(calls.newspaper.hisPaper, { page: 1 });
}
