import { act, screen } from '@testing-library/react';
import { CONSOLE_REMOTE, DRAFTS_REMOTE, TOOLS_REMOTE, VERIFIED_USER } from '../testing/fixtures';
import { fakeLoader, screenSaying } from '../testing/fake-screens';
import { renderApp } from '../testing/render-app';

describe('navigation rules (docs/product.md §2)', () => {
  it('sends an anonymous visitor to /login, remembering where they wanted to go', async () => {
    const { history } = renderApp({ url: '/draft?page=2', remotes: [DRAFTS_REMOTE] });
    expect(await screen.findByPlaceholderText('手机号')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(history.location.search).toBe(`?redirect=${encodeURIComponent('/draft?page=2')}`);
  });

  it('sends / to /login', async () => {
    const { history } = renderApp({ url: '/' });
    await screen.findByPlaceholderText('密码');
    expect(history.location.pathname).toBe('/login');
  });

  it('sends a logged-in user from /login to /index', async () => {
    const { history } = renderApp({ url: '/login', user: VERIFIED_USER });
    expect(await screen.findByText(/你好，测试作者/)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/index');
  });

  it('lets a user whose token expired reach /login once, and clears the flag on that navigation', async () => {
    const { history, store } = renderApp({ url: '/login', user: { ...VERIFIED_USER, tokenExpire: true } });
    expect(await screen.findByPlaceholderText('手机号')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(store.getState().session.user?.tokenExpire).toBe(false);
  });

  it('mounts a remote screen declared by the remotes list inside the layout', async () => {
    renderApp({
      url: '/draft',
      user: VERIFIED_USER,
      remotes: [DRAFTS_REMOTE],
      loadRemote: fakeLoader({ 'mf_drafts/DraftList': screenSaying('草稿列表') }),
    });
    expect(await screen.findByText('草稿列表')).toBeInTheDocument();
    expect(screen.getByText('内容创作')).toBeInTheDocument();
  });

  it('mounts a bare remote screen without the layout', async () => {
    renderApp({
      url: '/rank',
      user: VERIFIED_USER,
      remotes: [TOOLS_REMOTE],
      loadRemote: fakeLoader({ 'mf_tools/Rank': screenSaying('排行榜内容') }),
    });
    expect(await screen.findByText('排行榜内容')).toBeInTheDocument();
    expect(screen.queryByText('内容创作')).not.toBeInTheDocument();
  });

  it('has no route for a remote missing from the list (404), while /index still works', async () => {
    const { history } = renderApp({ url: '/rights', user: VERIFIED_USER, remotes: [DRAFTS_REMOTE] });
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    await act(async () => {
      await history.navigate('/index');
    });
    expect(await screen.findByText(/你好，测试作者/)).toBeInTheDocument();
  });

  it('opens the operators’ console for a visitor with no creator session, in its own layout', async () => {
    const { history } = renderApp({
      url: '/console/review',
      remotes: [CONSOLE_REMOTE],
      loadRemote: fakeLoader({ 'mf_console/Console': screenSaying('运营后台登录') }),
    });
    expect(await screen.findByText('运营后台登录')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console/review');
    expect(screen.queryByText('内容创作')).not.toBeInTheDocument();
  });

  it('keeps the console out of a creator’s layout and sidebar, even a console route declaring a menu entry', async () => {
    renderApp({
      url: '/console/extra',
      user: VERIFIED_USER,
      remotes: [DRAFTS_REMOTE, CONSOLE_REMOTE],
      loadRemote: fakeLoader({ 'mf_console/Console': screenSaying('运营后台首页') }),
    });
    expect(await screen.findByText('运营后台首页')).toBeInTheDocument();
    expect(screen.queryByText('内容创作')).not.toBeInTheDocument();
  });

  it('lists no console entry in a creator’s sidebar', async () => {
    renderApp({ url: '/index', user: VERIFIED_USER, remotes: [DRAFTS_REMOTE, CONSOLE_REMOTE] });
    await screen.findByText(/你好，测试作者/);
    await screen.findAllByRole('menuitem');
    expect(screen.queryAllByRole('menuitem').map((item) => item.textContent)).not.toContain('运营后台');
    expect(screen.queryByRole('link', { name: /运营后台/ })).not.toBeInTheDocument();
  });

  it('answers /console with a page of its own when no console is released', async () => {
    const { history } = renderApp({ url: '/console', remotes: [DRAFTS_REMOTE] });
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/console');
    expect(screen.queryByText('内容创作')).not.toBeInTheDocument();
  });
});
