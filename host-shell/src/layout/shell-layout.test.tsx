import { act, screen, waitFor } from '@testing-library/react';
import type { HasAuthAnswer } from 'shared-sdk';
import { DRAFTS_WITH_DRAMA, VERIFIED_USER } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { AppHeader } from './app-header';
import type * as HeaderModule from './app-header';
import { SHORT_DRAMA_WAIT_MS } from './sidebar-rules';

// The real header, counted: how often the layout makes it render.
jest.mock('./app-header', () => {
  const actual = jest.requireActual<typeof HeaderModule>('./app-header');
  return { ...actual, AppHeader: jest.fn(actual.AppHeader) };
});

const menuNames = () => screen.queryAllByRole('menuitem').map((item) => item.textContent);

describe('the sidebar and the short-drama rule', () => {
  // The clock is the test's (waitFor advances it in steps of 50 ms): however slowly this process runs, the
  // wait for the authority runs out only when the test's time says so.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws its entries once the authority is known, so 短剧 does not push the entries below it down', async () => {
    let answer: (value: HasAuthAnswer) => void = () => undefined;
    renderApp({ url: '/index', user: VERIFIED_USER, remotes: [DRAFTS_WITH_DRAMA], client: { dramaAuth: () => new Promise((resolve) => (answer = resolve)) } });
    await screen.findByRole('banner');
    act(() => jest.advanceTimersByTime(SHORT_DRAMA_WAIT_MS - 100));
    expect(menuNames()).toEqual([]);

    act(() => answer({ check: true }));
    await waitFor(() => expect(menuNames().slice(0, 5)).toEqual(['首页', '稿件管理', '稿件库', '草稿箱', '短剧']));
  });

  it('draws without 短剧 when the authority check is slow, and adds it when the answer comes', async () => {
    let answer: (value: HasAuthAnswer) => void = () => undefined;
    renderApp({ url: '/index', user: VERIFIED_USER, remotes: [DRAFTS_WITH_DRAMA], client: { dramaAuth: () => new Promise((resolve) => (answer = resolve)) } });
    await waitFor(() => expect(menuNames().slice(0, 4)).toEqual(['首页', '稿件管理', '稿件库', '草稿箱']), { timeout: SHORT_DRAMA_WAIT_MS * 3 });
    expect(menuNames()).not.toContain('短剧');
    act(() => answer({ check: true }));
    await waitFor(() => expect(menuNames()).toContain('短剧'));
  });

  it('draws at once without 短剧 when the authority check fails', async () => {
    renderApp({ url: '/index', user: VERIFIED_USER, remotes: [DRAFTS_WITH_DRAMA], client: { dramaAuth: () => Promise.reject(new Error('offline')) } });
    await waitFor(() => expect(menuNames().slice(0, 4)).toEqual(['首页', '稿件管理', '稿件库', '草稿箱']), { timeout: SHORT_DRAMA_WAIT_MS / 2 });
    expect(menuNames()).not.toContain('短剧');
  });

  it("does not render the header again when the layout's own answers arrive", async () => {
    let answer: (value: HasAuthAnswer) => void = () => undefined;
    renderApp({ url: '/index', user: VERIFIED_USER, remotes: [DRAFTS_WITH_DRAMA], client: { dramaAuth: () => new Promise((resolve) => (answer = resolve)) } });
    await screen.findByRole('banner');
    const renders = jest.mocked(AppHeader).mock.calls.length;
    act(() => answer({ check: true }));
    await waitFor(() => expect(menuNames()).toContain('短剧'));
    expect(jest.mocked(AppHeader).mock.calls.length).toBe(renders);
  });
});
