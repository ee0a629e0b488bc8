/**
 * @jest-environment node
 */
import { bindStore, sessionStarted } from '../session';
import { createAppStore } from '../store';
import { makeUser } from '../testing/fixtures';
import { testServerForFile } from '../testing/test-server';
import * as calls from '../contract/calls';
import { newsCall, userCall } from './call';
import { sendRequest } from './request';

const server = testServerForFile();
let unbind: () => void = () => undefined;
afterEach(() => unbind());

function logIn(token: string): void {
  const store = createAppStore();
  store.dispatch(sessionStarted(makeUser({ token })));
  unbind = bindStore(store);
}

describe('newspaper host', () => {
  it('authorises by header, sends params as query, unsigned, and unwraps the pages', async () => {
    logIn('tok-news');
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: [{ img: 'p1.jpg', pdf: 'p1.pdf' }] } }));
    const pages = await newsCall(calls.newspaper.hisPaper, { date: '2024-05-01', type: 3 });

    expect(pages).toEqual([{ img: 'p1.jpg', pdf: 'p1.pdf' }]);
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('tok-news');
    expect(Object.fromEntries(request!.query)).toEqual({ date: '2024-05-01', type: '3' });
  });

  it('sends a POST body as one JSON field named body', async () => {
    logIn('tok-news');
    // No newspaper call of the contract is a POST: the transport itself.
    await sendRequest({ host: 'newspaper', method: 'POST', path: '/bigscreen/something', body: { ids: [1, 2], title: '标题' } });

    const [request] = server.requests;
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect([...request!.form.keys()]).toEqual(['body']);
    expect(JSON.parse(request!.form.get('body')!)).toEqual({ ids: [1, 2], title: '标题' });
  });

  it("sends a declared call of the newspaper host there, with its declaration's URL and method", async () => {
    logIn('tok-news');
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: [{ img: 'p2.jpg', pdf: 'p2.pdf' }] } }));
    const pages = await newsCall(calls.newspaper.hisPaper, { date: '2024-05-02', type: 1 }, { skipErrorHandler: true });

    expect(pages).toEqual([{ img: 'p2.jpg', pdf: 'p2.pdf' }]);
    const [request] = server.requests;
    expect([request?.method, request?.path]).toEqual(['GET', '/bigscreen/hisPaper']);
    expect(request?.headers.authorization).toBe('tok-news');
    expect(Object.fromEntries(request!.query)).toEqual({ date: '2024-05-02', type: '1' });
  });

  it('sends no Authorization header without a session', async () => {
    await newsCall(calls.newspaper.hisPaper, { date: '2024-05-01', type: 1 });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('user host', () => {
  it('asks for the ban info with the token as a query parameter, unsigned', async () => {
    logIn('tok-ban');
    server.handle(() => ({ body: { code: 0, msg: 'ok', data: { ban_type: 1, ban_reason: '违规', ban_range_type: '1' } } }));
    const ban = await userCall(calls.bans.userBanInfo);

    expect(ban).toEqual({ ban_type: 1, ban_reason: '违规', ban_range_type: '1' });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ token: 'tok-ban' });
  });
});
