/** Guards → dialogs for each account state (docs/product.md §4, §6), through the header's 内容创作 dropdown. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type UserBanInfoAnswer } from 'shared-sdk';
import { FAKE_SHELL_CLIENT } from '../../testing/fake-client';
import { VERIFIED_USER } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const ban = (ban_type: number, ban_range_type: string, ban_reason = '发布违规内容'): UserBanInfoAnswer => ({ ban_type, ban_range_type, ban_reason });

jest.setTimeout(45_000);
const user = userEvent.setup();

async function create(label: string) {
  await user.click(await screen.findByRole('button', { name: /内容创作/ }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe('account states', () => {
  let open: jest.SpyInstance;
  beforeEach(() => {
    open = jest.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => open.mockRestore());

  it('a verified user opens every editor in a new tab', async () => {
    renderApp({ url: '/index', user: VERIFIED_USER });
    await create('文章');
    expect(open).toHaveBeenCalledWith('/scriptWrite', '_blank', 'noopener');
    await create('合集');
    expect(open).toHaveBeenCalledWith('/videoWrite?isPack=1', '_blank', 'noopener');
    expect(screen.queryByText('请完成实名认证')).not.toBeInTheDocument();
  });

  it('an unverified user gets the real-name dialog instead', async () => {
    renderApp({ url: '/index', user: { ...VERIFIED_USER, u_cert: 0 } });
    await create('文章');
    expect(await screen.findByText('请完成实名认证')).toBeInTheDocument();
    expect(screen.getByText('请打开客户端，进入「我的」，点击「实名认证」完成认证')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('ban 1 with range "1" blocks 文章 (ban dialog with the reason) but not 动态', async () => {
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(1, '1', '文章抄袭')) } });
    await waitFor(() => expect(store.getState().session.user?.banData?.ban_range_type).toBe('1'));
    await create('文章');
    expect(await screen.findByText('账号已被封禁')).toBeInTheDocument();
    expect(await screen.findByText('文章抄袭')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    // The dialog is closed first, as a person must: it keeps focus while open, and focus leaving a menu closes it.
    await user.click(within(screen.getByRole('dialog', { name: '账号已被封禁' })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '账号已被封禁' })).not.toBeInTheDocument());
    await create('动态');
    expect(open).toHaveBeenCalledWith('/post', '_blank', 'noopener');
  });

  it('a ban check that fails is asked again, and the ban it then finds guards 动态', async () => {
    let asked = 0;
    const banInfo = () => (++asked === 1 ? Promise.reject(new ApiError({ kind: 'network', message: '网络异常' })) : Promise.resolve(ban(1, '3')));
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo } });
    await waitFor(() => expect(store.getState().session.user?.banData?.ban_range_type).toBe('3'), { timeout: 10_000 });
    expect(asked).toBe(2);
    await create('动态');
    expect(await screen.findByText('账号已被封禁')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('a banned user who logs in is guarded at once, even when the ban check answers before the user info', async () => {
    // The ban check starts as soon as the login's token is held; here it answers first.
    let answerUserInfo = () => {};
    const userInfo = () =>
      new Promise<Awaited<ReturnType<typeof FAKE_SHELL_CLIENT.userInfo>>>((resolve) => {
        answerUserInfo = () => void FAKE_SHELL_CLIENT.userInfo().then((base) => resolve({ ...base, identities_info: ['identity_verification'] }));
      });
    const banInfo = jest.fn(() => Promise.resolve(ban(1, '3')));
    const { store, history } = renderApp({ url: '/login', client: { userInfo, banInfo } });
    await user.type(await screen.findByPlaceholderText('手机号'), '13800000001');
    await user.type(screen.getByPlaceholderText('密码'), 'secret-1');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(banInfo).toHaveBeenCalled());
    answerUserInfo();
    await waitFor(() => expect(history.location.pathname).toBe('/index'));
    expect(store.getState().session.user?.banData?.ban_range_type).toBe('3');
    await create('动态');
    expect(await screen.findByText('账号已被封禁')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('ban 1 with range "3" blocks 动态 only', async () => {
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(1, '3')) } });
    await waitFor(() => expect(store.getState().session.user?.banData?.ban_range_type).toBe('3'));
    await create('文章');
    expect(open).toHaveBeenCalledWith('/scriptWrite', '_blank', 'noopener');
    await create('动态');
    expect(await screen.findByText('账号已被封禁')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('ban 2 logs the user out and shows the reason on /login as a persistent warning', async () => {
    const { store, history } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(2, '', '严重违规')) } });
    expect(await screen.findByText('账号已被封禁：严重违规')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(store.getState().session.user).toBeNull();
    expect(sessionStorage.getItem('banNotice')).toBe('严重违规');
  });

  it('the appeal form requires a reason and shows 提交成功', async () => {
    const appeal = jest.fn(() => Promise.resolve(null));
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(1, '1')), appeal } });
    await waitFor(() => expect(store.getState().session.user?.banData).not.toBeNull());
    await create('视频');
    await user.click(await screen.findByRole('button', { name: /提交申诉/ }));
    expect(await screen.findByText('请填写申诉理由')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请说明申诉理由'), '我没有违规，请复核');
    await user.click(screen.getByRole('button', { name: /提交申诉/ }));
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    expect(appeal).toHaveBeenCalledWith('我没有违规，请复核');
  });

  it('the ban met again while the dialog is open keeps the appeal being typed, and its 提交成功', async () => {
    const appeal = jest.fn(() => Promise.resolve(null));
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(1, '1')), appeal } });
    await waitFor(() => expect(store.getState().session.user?.banData).not.toBeNull());
    await create('视频');
    await user.type(await screen.findByPlaceholderText('请说明申诉理由'), '我没有违规');
    await create('文章');
    expect(screen.getAllByRole('dialog', { name: '账号已被封禁' })).toHaveLength(1);
    expect(screen.getByPlaceholderText('请说明申诉理由')).toHaveValue('我没有违规');
    await user.type(screen.getByPlaceholderText('请说明申诉理由'), '，请复核');
    await user.click(screen.getByRole('button', { name: /提交申诉/ }));
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    await create('图集');
    expect(screen.getByText('提交成功')).toBeInTheDocument();
    expect(appeal).toHaveBeenCalledWith('我没有违规，请复核');
  });

  it('a refused appeal shows the server message', async () => {
    const appeal = () => Promise.reject(new ApiError({ kind: 'business', code: 1009, message: '您已提交申诉，请等待处理' }));
    const { store } = renderApp({ url: '/index', user: VERIFIED_USER, client: { banInfo: () => Promise.resolve(ban(1, '1')), appeal } });
    await waitFor(() => expect(store.getState().session.user?.banData).not.toBeNull());
    await create('图集');
    await user.type(await screen.findByPlaceholderText('请说明申诉理由'), '再次申诉一下');
    await user.click(screen.getByRole('button', { name: /提交申诉/ }));
    expect(await screen.findByText('您已提交申诉，请等待处理')).toBeInTheDocument();
  });
});
